/**
 * The place search's results panel: the error, the empty state (what was searched, what the search
 * knows), or the results listbox with a 'farther away' note, a dropped pin's name field, and
 * 'Confirm' / 'Confirm selection'. Pure view; PlaceSearch owns the state.
 */
import { EXIT_ANIMATION_MS, type SearchCoverage } from '@oneeta/contracts';
import { formatCoordinates } from './pin';
import {
  emptyMessage,
  PLACE_NAME_MAX,
  pinSelected,
  resultName,
  scopeNote,
  selectedResult,
  toSelectedPlace,
  type SearchState,
} from './search-state';
import { MAP_SPEC, MAP_UI } from './texts';

export interface PlaceResultsProps {
  state: SearchState;
  coverage: SearchCoverage | null;
  pinHint: boolean;
  listId: string;
  optionId: (index: number) => string;
  onSelect: (id: string) => void;
  onRename: (name: string) => void;
  onConfirm: () => void;
}

export function PlaceResults({
  state,
  coverage,
  pinHint,
  listId,
  optionId,
  onSelect,
  onRename,
  onConfirm,
}: PlaceResultsProps) {
  const selected = selectedResult(state);
  const pinned = pinSelected(state);
  const note = scopeNote(state);
  return (
    <div
      className="smap-results"
      data-closing={state.closing ? 'true' : undefined}
      style={{ animationDuration: `${EXIT_ANIMATION_MS}ms` }}
    >
      {state.error ? (
        <p className="smap-results-error" role="alert">
          {state.error}
        </p>
      ) : state.results.length === 0 ? (
        <p className="smap-results-empty" role="status">
          {emptyMessage({ ...state, coverage }, { pinHint })}
        </p>
      ) : (
        <>
          <p className="visually-hidden" role="status">
            {pinned && selected
              ? MAP_UI.pinDropped(formatCoordinates(selected.position))
              : MAP_UI.resultsCount(state.results.length)}
          </p>
          {note && <p className="smap-results-note">{note}</p>}
          <ul
            id={listId}
            role="listbox"
            className="smap-results-list"
            aria-label={MAP_UI.resultsLabel}
          >
            {state.results.map((result, index) => {
              const isSelected = result.id === state.selectedId;
              const name = pinned ? toSelectedPlace(result).name : resultName(result);
              const address = result.address.freeformAddress;
              return (
                <li
                  key={result.id}
                  id={optionId(index)}
                  role="option"
                  aria-selected={isSelected}
                  className="smap-result"
                  data-selected={isSelected || undefined}
                  onClick={() => onSelect(result.id)}
                >
                  <span className="smap-result-name">{name}</span>
                  {address && address !== name && (
                    <span className="smap-result-address">{address}</span>
                  )}
                </li>
              );
            })}
          </ul>
          {pinned && selected && (
            <div className="smap-pin-name">
              <label htmlFor={`${listId}-name`}>{MAP_UI.pinNameLabel}</label>
              <input
                id={`${listId}-name`}
                className="smap-pin-input"
                type="text"
                maxLength={PLACE_NAME_MAX}
                autoComplete="off"
                value={selected.poi?.name ?? ''}
                placeholder={MAP_SPEC.selectedPlace}
                onChange={(e) => onRename(e.target.value)}
                onKeyDown={(e) => {
                  if (e.key !== 'Enter') return;
                  e.preventDefault();
                  confirm();
                }}
              />
            </div>
          )}
          <div className="smap-results-footer">
            {selected && (
              <button
                type="button"
                className="btn btn-primary btn-sm smap-result-confirm"
                disabled={state.closing}
                onClick={onConfirm}
              >
                {MAP_SPEC.confirm}
              </button>
            )}
            <button
              type="button"
              className="btn btn-secondary btn-sm"
              disabled={!selected || state.closing}
              onClick={onConfirm}
            >
              {MAP_SPEC.confirmSelection}
            </button>
          </div>
        </>
      )}
    </div>
  );
}
