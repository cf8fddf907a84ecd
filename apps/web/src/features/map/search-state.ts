/**
 * Place search and pick-a-place (doc 1 §4): search results, then select (a marker is shown), then
 * confirm (the results close after EXIT_ANIMATION_MS). A search needs a non-empty query; an answer
 * to an older search is ignored. A dropped pin shows its coordinates as its address until reverse
 * geocoding names the spot; an answer for an older pin is ignored. Pure reducer, no I/O.
 */
import type { SearchCoverage, SearchResult, SearchScope } from '@oneeta/contracts';
import { isPinResult } from './pin';
import { MAP_SPEC, MAP_UI } from './texts';
import type { SelectedPlace } from './types';

export interface SearchState {
  query: string;
  status: 'idle' | 'searching' | 'done' | 'error';
  results: SearchResult[];
  selectedId: string | null;
  error: string | null;
  /** The results are playing their exit animation after a confirm. */
  closing: boolean;
  /** Increments with each search sent; answers carry the id they were sent with. */
  requestId: number;
  /** The query the shown results answer (Enter on it confirms the selection instead of searching again). */
  searched: string | null;
  /** Where the shown results come from and what the search knows (from the answer). */
  scope: SearchScope | null;
  radiusMeters: number | null;
  coverage: SearchCoverage | null;
}

/** What the server says about a search besides its results. */
export interface SearchAnswerInfo {
  scope: SearchScope;
  radiusMeters: number | null;
  coverage: SearchCoverage;
}

/** The most characters of a place name and address (the session contract's destination). */
export const PLACE_NAME_MAX = 200;
export const PLACE_ADDRESS_MAX = 500;

export type SearchAction =
  | { type: 'query'; query: string }
  | { type: 'submit' }
  | {
      type: 'success';
      requestId: number;
      results: SearchResult[];
      limit: number;
      info?: SearchAnswerInfo;
    }
  /** A pin dropped on the map: the only result, selected at once. */
  | { type: 'pin'; result: SearchResult }
  /**
   * What reverse geocoding answered for the pin dropped with `requestId` (the `requestId` the 'pin'
   * action made): its address replaces the coordinates; null (nothing known there) changes nothing.
   */
  | { type: 'pinAddress'; requestId: number; place: SearchResult | null }
  /** The pinned place's name, as typed. */
  | { type: 'rename'; name: string }
  /** Arrow keys: select the next (+1) or previous (-1) result, wrapping; Home/End: 'first'/'last'. */
  | { type: 'move'; to: 1 | -1 | 'first' | 'last' }
  | { type: 'failure'; requestId: number; message: string }
  | { type: 'select'; id: string }
  | { type: 'confirm' }
  | { type: 'closed' }
  | { type: 'dismiss' };

export const INITIAL_SEARCH: SearchState = {
  query: '',
  status: 'idle',
  results: [],
  selectedId: null,
  error: null,
  closing: false,
  requestId: 0,
  searched: null,
  scope: null,
  radiusMeters: null,
  coverage: null,
};

const NO_ANSWER = { searched: null, scope: null, radiusMeters: null } as const;

/** Whether a query can be sent: it must not be empty once trimmed. */
export function canSearch(query: string): boolean {
  return query.trim().length > 0;
}

export function searchReducer(state: SearchState, action: SearchAction): SearchState {
  switch (action.type) {
    case 'query':
      return { ...state, query: action.query };
    case 'submit':
      if (!canSearch(state.query)) return state;
      return {
        ...state,
        status: 'searching',
        error: null,
        selectedId: null,
        closing: false,
        requestId: state.requestId + 1,
        searched: state.query.trim(),
      };
    case 'success':
      if (action.requestId !== state.requestId) return state;
      return {
        ...state,
        status: 'done',
        results: action.results.slice(0, Math.max(0, action.limit)),
        selectedId: null,
        error: null,
        scope: action.info?.scope ?? null,
        radiusMeters: action.info?.radiusMeters ?? null,
        coverage: action.info?.coverage ?? state.coverage,
      };
    case 'pin':
      // A newer choice than any search in flight: its answer (older requestId) is ignored.
      return {
        ...state,
        ...NO_ANSWER,
        status: 'done',
        results: [action.result],
        selectedId: action.result.id,
        error: null,
        closing: false,
        requestId: state.requestId + 1,
      };
    case 'rename': {
      const pin = selectedResult(state);
      if (!pin || !isPinResult(pin) || state.closing) return state;
      const renamed = { ...pin, poi: { name: action.name.slice(0, PLACE_NAME_MAX) } };
      return { ...state, results: state.results.map((r) => (r.id === pin.id ? renamed : r)) };
    }
    case 'pinAddress': {
      const pin = selectedResult(state);
      const address = action.place?.address.freeformAddress.trim().slice(0, PLACE_ADDRESS_MAX);
      // A newer pin or search, a confirmed or dismissed pin: the answer comes too late.
      if (action.requestId !== state.requestId || state.closing || !address) return state;
      if (!pin || !isPinResult(pin)) return state;
      const located = { ...pin, address: { freeformAddress: address } };
      return { ...state, results: state.results.map((r) => (r.id === pin.id ? located : r)) };
    }
    case 'move': {
      if (state.closing || state.status !== 'done' || state.results.length === 0) return state;
      const count = state.results.length;
      const at = state.results.findIndex((r) => r.id === state.selectedId);
      const next =
        action.to === 'first'
          ? 0
          : action.to === 'last'
            ? count - 1
            : at < 0
              ? action.to === 1
                ? 0
                : count - 1
              : (at + action.to + count) % count;
      return { ...state, selectedId: state.results[next]!.id };
    }
    case 'failure':
      if (action.requestId !== state.requestId) return state;
      return {
        ...state,
        ...NO_ANSWER,
        status: 'error',
        results: [],
        selectedId: null,
        error: action.message,
      };
    case 'select':
      if (state.closing || !state.results.some((r) => r.id === action.id)) return state;
      return { ...state, selectedId: action.id };
    case 'confirm':
      if (!selectedResult(state)) return state;
      return { ...state, closing: true };
    case 'closed':
      if (!state.closing) return state;
      return {
        ...state,
        ...NO_ANSWER,
        status: 'idle',
        results: [],
        selectedId: null,
        closing: false,
      };
    case 'dismiss':
      return {
        ...state,
        ...NO_ANSWER,
        status: 'idle',
        results: [],
        selectedId: null,
        error: null,
        closing: false,
      };
  }
}

export function selectedResult(state: SearchState): SearchResult | null {
  return state.results.find((r) => r.id === state.selectedId) ?? null;
}

/** Whether the results list (or its 'no results' / error line) is open. */
export function resultsOpen(state: SearchState): boolean {
  return state.status === 'done' || state.status === 'error';
}

/** The result's title: its place name, else its address, else 'Selected place'. */
export function resultName(result: SearchResult): string {
  return (
    result.poi?.name?.trim() || result.address.freeformAddress.trim() || MAP_SPEC.selectedPlace
  );
}

/** Whether the selection is a dropped pin (its name is then editable). */
export function pinSelected(state: SearchState): boolean {
  const selected = selectedResult(state);
  return !!selected && isPinResult(selected);
}

/** Whether Enter in the search box confirms the selection (the query is the one the results answer). */
export function enterConfirms(state: SearchState): boolean {
  return (
    !state.closing &&
    state.status === 'done' &&
    selectedResult(state) !== null &&
    (pinSelected(state) || state.searched === state.query.trim())
  );
}

/**
 * The line under the results when they did not come from nearby: the search found nothing within
 * the radius and looked everywhere (issue 12 §5). Null otherwise.
 */
export function scopeNote(state: SearchState): string | null {
  if (state.status !== 'done' || state.results.length === 0) return null;
  if (state.scope !== 'everywhere' || state.radiusMeters === null) return null;
  // Offline, 'Ballard' near Seattle finds Ballard, Utah: say why the neighbourhood is not there.
  const note = MAP_UI.fartherAway(state.radiusMeters);
  return state.coverage === 'cities' ? `${note} ${MAP_UI.offlineKnows}` : note;
}

/** The empty state: what was searched (nearby, then everywhere), and what the search knows. */
export function emptyMessage(state: SearchState, options: { pinHint: boolean }): string {
  const query = state.searched ?? state.query.trim();
  const where =
    state.scope === 'everywhere' && state.radiusMeters !== null
      ? MAP_UI.noResultsNearOrAnywhere(query, state.radiusMeters)
      : MAP_UI.noResultsFor(query);
  const parts = [where];
  if (state.coverage === 'cities') parts.push(MAP_UI.offlineKnows);
  if (options.pinHint) parts.push(MAP_UI.pinHint);
  return parts.join(' ');
}

/** The place a confirmed result gives the page (doc 1 §3 "Selected place output"). */
export function toSelectedPlace(result: SearchResult): SelectedPlace {
  return {
    id: result.id,
    // A pin's name is what the person typed, else 'Selected place' (never its coordinates).
    name: isPinResult(result)
      ? result.poi?.name.trim() || MAP_SPEC.selectedPlace
      : resultName(result),
    address: result.address.freeformAddress,
    position: { lat: result.position.lat, lon: result.position.lon },
  };
}
