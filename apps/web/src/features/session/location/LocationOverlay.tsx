import { useId, useState, type ReactNode } from 'react';
import type { LocationNotice } from './location-view';
import { SESSION_SPEC, SESSION_UI } from '../texts';

/**
 * The location-permission notice (doc 1 §2 overlay texts): 'Finding your location…', 'Location
 * required' or 'Unable to get location' with the §8 message, and Try again / Check settings. It
 * stands at the top of the page, in the flow (it covers nothing: the map's search stays usable),
 * with `children` (the starting address search) below it.
 */
export function LocationOverlay({
  notice,
  onRetry,
  children,
}: {
  notice: LocationNotice | null;
  onRetry: () => void;
  children?: ReactNode;
}) {
  const titleId = useId();
  const [help, setHelp] = useState(false);
  if (!notice) return null;
  return (
    <div className="qs-location" data-busy={notice.busy || undefined}>
      <section
        className="qs-location-card"
        role={notice.busy ? 'status' : 'alert'}
        aria-labelledby={titleId}
        aria-busy={notice.busy || undefined}
      >
        <div className="qs-location-head">
          {notice.busy && <span className="qs-spinner" aria-hidden="true" />}
          <h2 id={titleId}>{notice.title}</h2>
        </div>
        {notice.message && <p>{notice.message}</p>}
        {!notice.busy && (
          <div className="actions">
            <button type="button" className="btn btn-primary btn-sm" onClick={onRetry}>
              {SESSION_SPEC.tryAgain}
            </button>
            <button
              type="button"
              className="btn btn-secondary btn-sm"
              aria-expanded={help}
              onClick={() => setHelp((v) => !v)}
            >
              {SESSION_SPEC.checkSettings}
            </button>
          </div>
        )}
        {help && !notice.busy && (
          <p className="muted qs-location-help">{SESSION_UI.locationHelp}</p>
        )}
      </section>
      {notice.offerAddress && children}
    </div>
  );
}
