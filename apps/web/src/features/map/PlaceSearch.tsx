/**
 * Place search (doc 1 §2 Map component, §4 pick-a-place): a search box, then at most `limit`
 * results; selecting one shows it (the map draws a marker), then 'Confirm' (or 'Confirm selection'
 * under the list) hands the place to the page and the results close after EXIT_ANIMATION_MS.
 * Usable without the map (the invite page's manual address). Readonly disables it all.
 */
import { EXIT_ANIMATION_MS, MAPS_MESSAGES, SEARCH_PULSE_MS } from '@oneeta/contracts';
import {
  useEffect,
  useId,
  useReducer,
  useRef,
  type FormEvent,
  type KeyboardEvent,
  type Ref,
} from 'react';
import { errorMessage } from '../../api/client';
import { searchPlaces } from '../../api/maps';
import {
  canSearch,
  INITIAL_SEARCH,
  resultName,
  resultsOpen,
  searchReducer,
  selectedResult,
  toSelectedPlace,
} from './search-state';
import { MAP_SPEC, MAP_UI } from './texts';
import type { LatLon, SelectedPlace } from './types';
import './map.css';

export interface PlaceSearchProps {
  /** How many results to show: MAP_RESULTS_LIMIT (5), or SESSION_SEARCH_RESULTS_LIMIT (6) on the session and invite pages. */
  limit: number;
  /** Results are biased to this point (the user's position). */
  near?: LatLon | null;
  sessionId?: string;
  readonly?: boolean;
  onConfirm: (place: SelectedPlace) => void;
  /** The search box's accessible name (default 'Search for a place'). */
  label?: string;
  /** Show the label above the box (in a form); by default only screen readers get it (on the map). */
  labelVisible?: boolean;
  /** The selected (not yet confirmed) result, or null when the selection goes. */
  onSelect?: (place: SelectedPlace | null) => void;
  /** The error shown when a search fails, in place of the server's text (e.g. 'Address search failed'). */
  failureMessage?: string;
  /** Pulse the search box (the map's SEARCH_PULSE_MS attention cue). */
  pulse?: boolean;
  inputRef?: Ref<HTMLInputElement>;
  className?: string;
}

export function PlaceSearch({
  limit,
  near,
  sessionId,
  readonly = false,
  onConfirm,
  label = MAP_UI.searchLabel,
  labelVisible = false,
  onSelect,
  failureMessage,
  pulse = false,
  inputRef,
  className,
}: PlaceSearchProps) {
  const [state, dispatch] = useReducer(searchReducer, INITIAL_SEARCH);
  const inputId = useId();
  const listId = useId();
  const abort = useRef<AbortController | null>(null);
  const closeTimer = useRef<number | null>(null);

  useEffect(
    () => () => {
      abort.current?.abort();
      if (closeTimer.current !== null) window.clearTimeout(closeTimer.current);
    },
    [],
  );

  const selected = selectedResult(state);
  const open = !readonly && resultsOpen(state);
  const busy = state.status === 'searching';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (readonly || !canSearch(state.query)) return;
    const requestId = state.requestId + 1;
    dispatch({ type: 'submit' });
    onSelect?.(null);
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    searchPlaces({
      q: state.query.trim(),
      ...(near ? { lat: near.lat, lon: near.lon } : {}),
      limit,
      ...(sessionId ? { sessionId } : {}),
      signal: controller.signal,
    }).then(
      ({ results }) => dispatch({ type: 'success', requestId, results, limit }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const message = failureMessage ?? errorMessage(error, MAPS_MESSAGES.searchFailed);
        dispatch({ type: 'failure', requestId, message });
      },
    );
  };

  const select = (id: string) => {
    if (readonly || state.closing) return;
    const result = state.results.find((r) => r.id === id);
    if (!result) return;
    dispatch({ type: 'select', id });
    onSelect?.(toSelectedPlace(result));
  };

  const confirm = () => {
    if (readonly || !selected || state.closing) return;
    const place = toSelectedPlace(selected);
    dispatch({ type: 'confirm' });
    dispatch({ type: 'query', query: place.name });
    onConfirm(place);
    closeTimer.current = window.setTimeout(() => {
      closeTimer.current = null;
      dispatch({ type: 'closed' });
      onSelect?.(null);
    }, EXIT_ANIMATION_MS);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && resultsOpen(state)) {
      event.stopPropagation();
      dispatch({ type: 'dismiss' });
      onSelect?.(null);
    }
  };

  return (
    <form
      role="search"
      className={['smap-search', className].filter(Boolean).join(' ')}
      onSubmit={submit}
      onKeyDown={onKeyDown}
    >
      <label htmlFor={inputId} className={labelVisible ? 'smap-search-label' : 'visually-hidden'}>
        {label}
      </label>
      <div
        className="smap-search-row"
        data-pulse={pulse ? 'true' : undefined}
        style={pulse ? { animationDuration: `${SEARCH_PULSE_MS}ms` } : undefined}
      >
        <input
          ref={inputRef}
          id={inputId}
          className="smap-search-input"
          type="search"
          autoComplete="off"
          enterKeyHint="search"
          placeholder={MAP_UI.searchPlaceholder}
          value={state.query}
          disabled={readonly}
          aria-controls={open ? listId : undefined}
          onChange={(e) => dispatch({ type: 'query', query: e.target.value })}
        />
        <button
          type="submit"
          className="btn btn-primary btn-sm smap-search-button"
          disabled={readonly || busy || !canSearch(state.query)}
        >
          {busy ? MAP_UI.searching : MAP_UI.search}
        </button>
      </div>
      {open && (
        <div
          id={listId}
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
              {MAP_UI.noResults}
            </p>
          ) : (
            <>
              <p className="visually-hidden" role="status">
                {MAP_UI.resultsCount(state.results.length)}
              </p>
              <ul className="smap-results-list" aria-label={MAP_UI.resultsLabel}>
                {state.results.map((result) => {
                  const isSelected = result.id === state.selectedId;
                  const name = resultName(result);
                  const address = result.address.freeformAddress;
                  return (
                    <li
                      key={result.id}
                      className="smap-result"
                      data-selected={isSelected || undefined}
                    >
                      <button
                        type="button"
                        className="smap-result-pick"
                        aria-pressed={isSelected}
                        onClick={() => select(result.id)}
                      >
                        <span className="smap-result-name">{name}</span>
                        {address && address !== name && (
                          <span className="smap-result-address">{address}</span>
                        )}
                      </button>
                      {isSelected && (
                        <button
                          type="button"
                          className="btn btn-primary btn-sm smap-result-confirm"
                          onClick={confirm}
                        >
                          {MAP_SPEC.confirm}
                        </button>
                      )}
                    </li>
                  );
                })}
              </ul>
              <div className="smap-results-footer">
                <button
                  type="button"
                  className="btn btn-secondary btn-sm"
                  disabled={!selected || state.closing}
                  onClick={confirm}
                >
                  {MAP_SPEC.confirmSelection}
                </button>
              </div>
            </>
          )}
        </div>
      )}
    </form>
  );
}
