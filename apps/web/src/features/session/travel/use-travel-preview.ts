import { MAPS_MESSAGES, type Destination } from '@oneeta/contracts';
import { useQueries } from '@tanstack/react-query';
import { isApiError } from '../../../api/client';
import { travelPreviewQuery } from '../../../api/maps';
import { keyCoord, type Origin, type PreviewResult } from './preview-logic';
import { SESSION_SPEC } from '../texts';

export interface TravelPreview {
  results: (PreviewResult & { distanceMeters: number | null })[];
  loading: boolean;
  /** "Couldn't calculate route." (422) or 'Failed to load travel'. */
  error: string | null;
}

/** GET /api/maps/traveltimes from each origin to the draft destination, departing now. */
export function useTravelPreview(
  destination: Destination | null,
  origins: Origin[],
  sessionId?: string,
): TravelPreview {
  const queries = useQueries({
    queries: origins.map((o) => {
      const olat = keyCoord(o.lat);
      const olon = keyCoord(o.lon);
      const dlat = destination ? keyCoord(destination.position.lat) : 0;
      const dlon = destination ? keyCoord(destination.position.lon) : 0;
      return {
        ...travelPreviewQuery({ olat, olon, dlat, dlon }, sessionId),
        enabled: destination !== null,
      };
    }),
  });
  const results = origins.map((o, i) => {
    const summary = queries[i]?.data?.summary;
    return {
      id: o.id,
      travelTimeSeconds: summary?.travelTimeSeconds ?? null,
      distanceMeters: summary?.distanceMeters ?? null,
    };
  });
  const failed = queries.find((q) => q.isError);
  const error = failed
    ? isApiError(failed.error, 422)
      ? MAPS_MESSAGES.noRoute
      : SESSION_SPEC.failedToLoadTravel
    : null;
  return { results, loading: queries.some((q) => q.isFetching && !q.data), error };
}
