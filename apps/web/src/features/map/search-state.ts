/**
 * Place search and pick-a-place (doc 1 §4): search results, then select (a marker is shown), then
 * confirm (the results close after EXIT_ANIMATION_MS). A search needs a non-empty query; an answer
 * to an older search is ignored. Pure reducer, no I/O.
 */
import type { SearchResult } from '@oneeta/contracts';
import { MAP_SPEC } from './texts';
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
}

export type SearchAction =
  | { type: 'query'; query: string }
  | { type: 'submit' }
  | { type: 'success'; requestId: number; results: SearchResult[]; limit: number }
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
};

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
      };
    case 'success':
      if (action.requestId !== state.requestId) return state;
      return {
        ...state,
        status: 'done',
        results: action.results.slice(0, Math.max(0, action.limit)),
        selectedId: null,
        error: null,
      };
    case 'failure':
      if (action.requestId !== state.requestId) return state;
      return { ...state, status: 'error', results: [], selectedId: null, error: action.message };
    case 'select':
      if (state.closing || !state.results.some((r) => r.id === action.id)) return state;
      return { ...state, selectedId: action.id };
    case 'confirm':
      if (!selectedResult(state)) return state;
      return { ...state, closing: true };
    case 'closed':
      if (!state.closing) return state;
      return { ...state, status: 'idle', results: [], selectedId: null, closing: false };
    case 'dismiss':
      return {
        ...state,
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

/** The place a confirmed result gives the page (doc 1 §3 "Selected place output"). */
export function toSelectedPlace(result: SearchResult): SelectedPlace {
  return {
    id: result.id,
    name: resultName(result),
    address: result.address.freeformAddress,
    position: { lat: result.position.lat, lon: result.position.lon },
  };
}
