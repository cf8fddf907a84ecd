import { ROUTE_TYPES, TRAVEL_MODES, type RouteOptions } from '@oneeta/contracts';
import { useId, useState, type FormEvent } from 'react';
import { DEFAULT_ROUTE_OPTIONS, sameRouteOptions } from './route-options';
import { PANEL_UI } from './texts';

interface RouteOptionsFormProps {
  value: RouteOptions | null;
  busy: boolean;
  disabled?: boolean;
  onSave: (options: RouteOptions) => void;
}

/**
 * The current user's route options (doc 2 §5): travel mode car, bicycle or walking (default car),
 * route type fastest or shortest (default fastest), avoid tolls. Saved through the API.
 */
export function RouteOptionsForm({ value, busy, disabled = false, onSave }: RouteOptionsFormProps) {
  const saved = value ?? DEFAULT_ROUTE_OPTIONS;
  const [draft, setDraft] = useState<RouteOptions>(saved);
  const ids = { legend: useId(), mode: useId(), type: useId(), tolls: useId() };
  const dirty = !sameRouteOptions(draft, saved);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!dirty || busy) return;
    onSave(draft);
  };

  return (
    <form className="ap-route-form" onSubmit={submit} aria-labelledby={ids.legend}>
      <h3 id={ids.legend} className="ap-section-title">
        {PANEL_UI.routeOptions}
      </h3>
      <div className="ap-route-fields">
        <div className="ap-field">
          <label htmlFor={ids.mode}>{PANEL_UI.travelMode}</label>
          <select
            id={ids.mode}
            value={draft.travelMode}
            disabled={disabled}
            onChange={(e) =>
              setDraft({ ...draft, travelMode: e.target.value as RouteOptions['travelMode'] })
            }
          >
            {TRAVEL_MODES.map((mode) => (
              <option key={mode} value={mode}>
                {PANEL_UI.travelModes[mode]}
              </option>
            ))}
          </select>
        </div>
        <div className="ap-field">
          <label htmlFor={ids.type}>{PANEL_UI.routeType}</label>
          <select
            id={ids.type}
            value={draft.routeType}
            disabled={disabled}
            onChange={(e) =>
              setDraft({ ...draft, routeType: e.target.value as RouteOptions['routeType'] })
            }
          >
            {ROUTE_TYPES.map((type) => (
              <option key={type} value={type}>
                {PANEL_UI.routeTypes[type]}
              </option>
            ))}
          </select>
        </div>
        <div className="ap-check">
          <input
            id={ids.tolls}
            type="checkbox"
            checked={draft.avoidTolls}
            disabled={disabled}
            onChange={(e) => setDraft({ ...draft, avoidTolls: e.target.checked })}
          />
          <label htmlFor={ids.tolls}>{PANEL_UI.avoidTolls}</label>
        </div>
      </div>
      <button
        type="submit"
        className="btn btn-secondary btn-sm"
        disabled={disabled || busy || !dirty}
      >
        {busy ? PANEL_UI.saving : PANEL_UI.saveRouteOptions}
      </button>
    </form>
  );
}
