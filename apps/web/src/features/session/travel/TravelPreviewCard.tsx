import { formatMiles, formatMinutes } from '@oneeta/travel';
import { formatInZone } from '../../../lib/datetime';
import { useViewerZone } from '../../arrival-panel/viewer-zone';
import { SESSION_UI } from '../texts';

export interface TravelPreviewCardProps {
  hasDestination: boolean;
  /** The viewer's own previewed trip, when previewed. */
  mine: { travelTimeSeconds: number | null; distanceMeters: number | null } | null;
  earliest: Date | null;
  tzId: string | null;
  loading: boolean;
  error: string | null;
  /** The draft differs from the saved copy: this previews the unsaved details. */
  unsaved: boolean;
}

/** The viewer's travel time to the draft destination and the earliest time everyone can meet. */
export function TravelPreviewCard({
  hasDestination,
  mine,
  earliest,
  tzId,
  loading,
  error,
  unsaved,
}: TravelPreviewCardProps) {
  const viewerTz = useViewerZone();
  // In the destination's zone, labelled when it is not the viewer's.
  const earliestText = earliest ? formatInZone(earliest.toISOString(), tzId, viewerTz) : null;
  return (
    <section
      className="card qs-preview"
      aria-labelledby="qs-preview-title"
      data-unsaved={unsaved || undefined}
    >
      <h2 id="qs-preview-title">{SESSION_UI.previewTitle}</h2>
      {!hasDestination ? (
        <p className="muted">{SESSION_UI.noPreview}</p>
      ) : (
        <>
          <dl className="facts qs-facts">
            {mine && (
              <div>
                <dt>{SESSION_UI.yourTravelTime}</dt>
                <dd>
                  {mine.travelTimeSeconds !== null
                    ? `${formatMinutes(mine.travelTimeSeconds)}${mine.distanceMeters !== null ? ` · ${formatMiles(mine.distanceMeters)}` : ''}`
                    : loading
                      ? SESSION_UI.loading
                      : SESSION_UI.notSet}
                </dd>
              </div>
            )}
            <div>
              <dt>{SESSION_UI.groupEarliestIfNow}</dt>
              <dd>{earliestText ?? (loading ? SESSION_UI.loading : SESSION_UI.notSet)}</dd>
            </div>
          </dl>
          {loading && (
            <p className="muted" role="status">
              {SESSION_UI.previewLoading}
            </p>
          )}
          {error && (
            <p className="notice notice-error" role="alert">
              {error}
            </p>
          )}
          {!mine && !earliest && !loading && <p className="muted">{SESSION_UI.noPreview}</p>}
          {unsaved && <p className="muted qs-note">{SESSION_UI.previewStale}</p>}
        </>
      )}
    </section>
  );
}
