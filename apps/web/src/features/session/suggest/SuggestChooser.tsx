import {
  PLACE_CATEGORIES,
  SESSION_SEARCH_RESULTS_LIMIT,
  type PlaceCategory,
} from '@oneeta/contracts';
import { useId } from 'react';
import { PlaceSearch, type LatLon, type SelectedPlace } from '../../map';
import { format } from '@oneeta/contracts';
import { PlansLink } from './PlansLink';
import type { PlacePick } from './suggest-logic';
import { CATEGORY_LABELS, SUGGEST_UI } from './texts';

export type SuggestMode = 'category' | 'places';

/** A refusal to show: `plan` when a paid plan lifts it (the row offers the plans page). */
export interface Refusal {
  message: string;
  plan: boolean;
}

export interface ChooserProps {
  sessionId: string;
  near: LatLon | null;
  mode: SuggestMode;
  onMode: (mode: SuggestMode) => void;
  category: PlaceCategory;
  onCategory: (category: PlaceCategory) => void;
  picks: readonly PlacePick[];
  max: number;
  onAdd: (place: SelectedPlace) => void;
  onRemove: (id: string) => void;
  addProblem: Refusal | null;
  asking: boolean;
  askProblem: Refusal | null;
  onAsk: () => void;
}

function RefusalNotice({ refusal }: { refusal: Refusal }) {
  return (
    <div className="notice notice-error qs-problem" role="alert">
      <span>{refusal.message}</span>
      {refusal.plan && <PlansLink />}
    </div>
  );
}

/**
 * The owner's 'what to compare': a kind of place near the group, or a list of places they pick
 * (search here, or on the map, or a pin dropped on it, then Confirm), each removable.
 */
export function SuggestChooser(props: ChooserProps) {
  const { mode, picks } = props;
  const modeName = useId();
  const categoryName = useId();
  const listId = useId();
  return (
    <div className="sg-chooser">
      <fieldset className="sg-fieldset">
        <legend className="qs-label">{SUGGEST_UI.howTitle}</legend>
        <div className="sg-options">
          {(['category', 'places'] as const).map((m) => (
            <label key={m} className="sg-option">
              <input
                type="radio"
                name={modeName}
                value={m}
                checked={mode === m}
                onChange={() => props.onMode(m)}
              />
              <span>{m === 'category' ? SUGGEST_UI.byCategory : SUGGEST_UI.byPlaces}</span>
            </label>
          ))}
        </div>
      </fieldset>
      {mode === 'category' ? (
        <form
          className="sg-category"
          onSubmit={(event) => {
            event.preventDefault();
            props.onAsk();
          }}
        >
          <fieldset className="sg-fieldset">
            <legend className="qs-label">{SUGGEST_UI.category}</legend>
            <div className="sg-chips">
              {PLACE_CATEGORIES.map((c) => (
                <label key={c} className="sg-chip">
                  <input
                    type="radio"
                    name={categoryName}
                    value={c}
                    checked={props.category === c}
                    onChange={() => props.onCategory(c)}
                  />
                  <span>{CATEGORY_LABELS[c]}</span>
                </label>
              ))}
            </div>
          </fieldset>
          <button type="submit" className="btn btn-primary" disabled={props.asking}>
            {props.asking ? SUGGEST_UI.asking : SUGGEST_UI.findCategory}
          </button>
        </form>
      ) : (
        <div className="sg-places">
          <h3 id={listId}>{SUGGEST_UI.candidatesTitle}</h3>
          <p className="muted sg-note">{format(SUGGEST_UI.candidatesHint, { n: props.max })}</p>
          {picks.length === 0 ? (
            <p className="muted">{SUGGEST_UI.candidatesEmpty}</p>
          ) : (
            <ul className="sg-picks" aria-labelledby={listId}>
              {picks.map((p) => (
                <li key={p.id}>
                  <span className="sg-place">
                    <strong>{p.name}</strong>
                    {p.address && <span className="muted sg-address">{p.address}</span>}
                  </span>
                  <button
                    type="button"
                    className="btn btn-ghost btn-sm"
                    aria-label={format(SUGGEST_UI.removeCandidate, { name: p.name })}
                    onClick={() => props.onRemove(p.id)}
                  >
                    {SUGGEST_UI.remove}
                  </button>
                </li>
              ))}
            </ul>
          )}
          <PlaceSearch
            limit={SESSION_SEARCH_RESULTS_LIMIT}
            near={props.near}
            sessionId={props.sessionId}
            onConfirm={props.onAdd}
            label={SUGGEST_UI.addPlace}
            labelVisible
          />
          {props.addProblem && <RefusalNotice refusal={props.addProblem} />}
          <button
            type="button"
            className="btn btn-primary"
            disabled={props.asking || picks.length === 0}
            onClick={props.onAsk}
          >
            {props.asking ? SUGGEST_UI.asking : SUGGEST_UI.comparePlaces}
          </button>
        </div>
      )}
      {props.askProblem && <RefusalNotice refusal={props.askProblem} />}
    </div>
  );
}
