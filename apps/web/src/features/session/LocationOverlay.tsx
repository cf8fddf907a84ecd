import { useId, useState } from 'react';
import { locationOverlay, type LocationState } from './location-machine';
import { SESSION_SPEC, SESSION_UI } from './texts';

/**
 * The location-permission overlay (doc 1 §2): 'Finding your location…', 'Location required' or
 * 'Unable to get location' with the §8 message, and Try again / Check settings. `floating` lays it
 * over the map; otherwise it stands in the page (the map hidden on a narrow screen).
 */
export function LocationOverlay({
  state,
  onRetry,
  floating,
}: {
  state: LocationState;
  onRetry: () => void;
  floating: boolean;
}) {
  const overlay = locationOverlay(state);
  const titleId = useId();
  const [help, setHelp] = useState(false);
  if (!overlay) return null;
  return (
    <div className={floating ? 'qs-location qs-location-floating' : 'qs-location'}>
      <section
        className="qs-location-card"
        role={overlay.busy ? 'status' : 'alert'}
        aria-labelledby={titleId}
        aria-busy={overlay.busy || undefined}
      >
        {overlay.busy && <span className="qs-spinner" aria-hidden="true" />}
        <h2 id={titleId}>{overlay.title}</h2>
        {overlay.message && <p>{overlay.message}</p>}
        {!overlay.busy && (
          <div className="actions">
            <button type="button" className="btn btn-primary" onClick={onRetry}>
              {SESSION_SPEC.tryAgain}
            </button>
            <button
              type="button"
              className="btn btn-secondary"
              aria-expanded={help}
              onClick={() => setHelp((v) => !v)}
            >
              {SESSION_SPEC.checkSettings}
            </button>
          </div>
        )}
        {help && !overlay.busy && (
          <p className="muted qs-location-help">{SESSION_UI.locationHelp}</p>
        )}
      </section>
    </div>
  );
}
