import { MAPS_MESSAGES } from '@oneeta/contracts';
import { useQuery } from '@tanstack/react-query';
import { mapTokenQuery, type AzureMapToken, type MapLibreMapToken } from '../../api/maps';

/**
 * Which map to draw, from GET /api/maps/token: Azure Maps with its credentials, a MapLibre street
 * map from its style, or our offline map, with the reason when Azure was meant but cannot be used
 * ('Token fetch failed').
 */
export type MapProviderChoice =
  | { kind: 'loading' }
  | { kind: 'azure'; token: AzureMapToken }
  | { kind: 'maplibre'; style: MapLibreMapToken }
  | { kind: 'offline'; reason: string | null };

const useMapToken = (sessionId: string | undefined) => useQuery(mapTokenQuery(sessionId));

export function useMapProvider(sessionId: string | undefined): MapProviderChoice {
  const query = useMapToken(sessionId);
  if (query.isPending) return { kind: 'loading' };
  if (query.isError) return { kind: 'offline', reason: MAPS_MESSAGES.tokenFailed };
  const token = query.data;
  if (token.provider === 'maplibre') {
    return /^https?:\/\//i.test(token.styleUrl)
      ? { kind: 'maplibre', style: token }
      : { kind: 'offline', reason: MAPS_MESSAGES.tokenFailed };
  }
  if (token.provider !== 'azure') return { kind: 'offline', reason: null };
  if (!token.accessToken || (token.authType === 'aad' && !token.clientId)) {
    return { kind: 'offline', reason: MAPS_MESSAGES.tokenFailed };
  }
  return { kind: 'azure', token };
}

/**
 * What the server's place search knows, from the same token call (cached per page): the offline
 * provider's gazetteer knows city and town names only. Null until known (or when the call failed).
 * A MapLibre map says nothing of the search behind it: its first answer tells.
 */
export function useSearchCoverage(sessionId: string | undefined): 'cities' | 'addresses' | null {
  const query = useMapToken(sessionId);
  if (!query.data) return null;
  switch (query.data.provider) {
    case 'offline':
      return 'cities';
    case 'azure':
      return 'addresses';
    case 'maplibre':
      return null;
  }
}
