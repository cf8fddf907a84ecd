/**
 * Place search (doc 1 §2 Map component, §4 pick-a-place): a search box, then at most `limit`
 * results; selecting one shows it (the map draws a marker), then 'Confirm' (or 'Confirm selection'
 * under the list) hands the place to the page and the results close after EXIT_ANIMATION_MS.
 * A combobox: arrow keys (Home, End) move the selection through the results listbox, Enter
 * confirms it, Escape closes the list; after a confirm the focus returns to the search box.
 * A pin dropped on the map (`pin`) becomes the only result, selected, its name editable; its
 * address is its coordinates until reverse geocoding (asked once per pin) names the spot.
 * Usable without the map (the invite page's manual address). Readonly disables it all.
 */
import { EXIT_ANIMATION_MS, MAPS_MESSAGES, SEARCH_PULSE_MS } from '@oneeta/contracts';
import {
  useEffect,
  useEffectEvent,
  useId,
  useReducer,
  useRef,
  type FormEvent,
  type KeyboardEvent,
  type Ref,
} from 'react';
import { errorMessage } from '../../api/client';
import { reverseGeocode, searchPlaces } from '../../api/maps';
import { pinResult } from './pin';
import { PlaceResults } from './PlaceResults';
import {
  canSearch,
  enterConfirms,
  INITIAL_SEARCH,
  pinSelected,
  resultsOpen,
  searchReducer,
  selectedResult,
  toSelectedPlace,
} from './search-state';
import { MAP_UI } from './texts';
import { useSearchCoverage } from './use-map-token';
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
  /** The selected (not yet confirmed) result, or null when the selection goes; `how` is 'pin' for a dropped pin. */
  onSelect?: (place: SelectedPlace | null, how?: 'pin' | 'result') => void;
  /** The error shown when a search fails, in place of the server's text (e.g. 'Address search failed'). */
  failureMessage?: string;
  /** Pulse the search box (the map's SEARCH_PULSE_MS attention cue). */
  pulse?: boolean;
  inputRef?: Ref<HTMLInputElement>;
  className?: string;
  /** A pin dropped on the map: each new `key` makes its point the selected place. */
  pin?: { key: number; position: LatLon } | null;
  /** The map beside this search takes pins: the empty state says so. */
  pinHint?: boolean;
  /** Extra description of the search box (the map's coachmark while it shows). */
  describedBy?: string;
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
  pin = null,
  pinHint = false,
  describedBy,
}: PlaceSearchProps) {
  const [state, dispatch] = useReducer(searchReducer, INITIAL_SEARCH);
  const inputId = useId();
  const listId = useId();
  const hintId = useId();
  const abort = useRef<AbortController | null>(null);
  const closeTimer = useRef<number | null>(null);
  const ownInput = useRef<HTMLInputElement | null>(null);
  const knownCoverage = useSearchCoverage(sessionId);
  const coverage = state.coverage ?? knownCoverage;

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
  const pinned = pinSelected(state);
  const optionId = (index: number) => `${listId}-option-${index}`;
  const selectedIndex = state.results.findIndex((r) => r.id === state.selectedId);
  const listShown = open && !state.error && state.results.length > 0;

  // Selection changes (click, arrow keys, a pin, a pin's new name) tell the map, which draws the marker.
  const selectedKey = selected
    ? `${selected.id}|${selected.poi?.name ?? ''}|${selected.address.freeformAddress}`
    : null;
  const tellSelection = useEffectEvent(() => {
    if (selected && !state.closing)
      onSelect?.(toSelectedPlace(selected), pinned ? 'pin' : 'result');
  });
  useEffect(() => {
    if (selectedKey) tellSelection();
  }, [selectedKey]);

  const dropPin = useEffectEvent((position: LatLon) => {
    if (readonly || state.closing) return;
    abort.current?.abort();
    const requestId = state.requestId + 1;
    const result = pinResult(position);
    dispatch({ type: 'pin', result });
    const controller = new AbortController();
    abort.current = controller;
    const { lat, lon } = result.position;
    // Never in the way: while it asks, or when it fails, the pin keeps its coordinates.
    reverseGeocode(lat, lon, sessionId, controller.signal).then(
      ({ place }) => dispatch({ type: 'pinAddress', requestId, place }),
      () => undefined,
    );
  });
  const pinKey = pin?.key ?? null;
  const onPin = useEffectEvent(() => {
    if (pin) dropPin(pin.position);
  });
  useEffect(() => {
    if (pinKey !== null) onPin();
  }, [pinKey]);

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
      ({ results, ...info }) => dispatch({ type: 'success', requestId, results, limit, info }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const message = failureMessage ?? errorMessage(error, MAPS_MESSAGES.searchFailed);
        dispatch({ type: 'failure', requestId, message });
      },
    );
  };

  const select = (id: string) => {
    if (readonly || state.closing) return;
    if (!state.results.some((r) => r.id === id)) return;
    dispatch({ type: 'select', id });
  };

  const confirm = () => {
    if (readonly || !selected || state.closing) return;
    const place = toSelectedPlace(selected);
    dispatch({ type: 'confirm' });
    dispatch({ type: 'query', query: place.name });
    onConfirm(place);
    // The button pressed goes away with the results: the focus returns to the search box.
    ownInput.current?.focus({ preventScroll: true });
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

  const onInputKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (!listShown || event.altKey || event.ctrlKey || event.metaKey) return;
    // Enter on the query the results answer confirms the selected result (else it searches).
    if (event.key === 'Enter' && enterConfirms(state)) {
      event.preventDefault();
      confirm();
      return;
    }
    const moves: Record<string, 1 | -1 | 'first' | 'last'> = { ArrowDown: 1, ArrowUp: -1 };
    if (selectedIndex >= 0) Object.assign(moves, { Home: 'first', End: 'last' });
    const to = moves[event.key];
    if (to === undefined) return;
    event.preventDefault();
    dispatch({ type: 'move', to });
  };

  const setInput = (element: HTMLInputElement | null) => {
    ownInput.current = element;
    if (typeof inputRef === 'function') inputRef(element);
    else if (inputRef) inputRef.current = element;
  };

  const describedByIds = [describedBy, coverage === 'cities' ? hintId : null]
    .filter(Boolean)
    .join(' ');

  return (
    <form
      role="search"
      aria-label={label}
      className={['smap-search', className].filter(Boolean).join(' ')}
      onSubmit={submit}
      onKeyDown={onKeyDown}
    >
      <label htmlFor={inputId} className={labelVisible ? 'smap-search-label' : 'visually-hidden'}>
        {label}
      </label>
      {coverage === 'cities' && (
        <span id={hintId} className="visually-hidden">
          {MAP_UI.offlineKnows}
        </span>
      )}
      <div
        className="smap-search-row"
        data-pulse={pulse ? 'true' : undefined}
        style={pulse ? { animationDuration: `${SEARCH_PULSE_MS}ms` } : undefined}
      >
        <input
          ref={setInput}
          id={inputId}
          className="smap-search-input"
          type="search"
          role="combobox"
          autoComplete="off"
          enterKeyHint="search"
          placeholder={
            coverage === 'cities' ? MAP_UI.searchPlaceholderCities : MAP_UI.searchPlaceholder
          }
          value={state.query}
          disabled={readonly}
          aria-autocomplete="list"
          aria-expanded={listShown}
          aria-controls={listShown ? listId : undefined}
          aria-activedescendant={
            listShown && selectedIndex >= 0 ? optionId(selectedIndex) : undefined
          }
          aria-describedby={describedByIds || undefined}
          onChange={(e) => dispatch({ type: 'query', query: e.target.value })}
          onKeyDown={onInputKeyDown}
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
        <PlaceResults
          state={state}
          coverage={coverage}
          pinHint={pinHint}
          listId={listId}
          optionId={optionId}
          onSelect={select}
          onRename={(name) => dispatch({ type: 'rename', name })}
          onConfirm={confirm}
        />
      )}
    </form>
  );
}
