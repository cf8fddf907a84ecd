import type { SearchResult } from '@oneeta/contracts';
import { describe, expect, it } from 'vitest';
import {
  canSearch,
  emptyMessage,
  enterConfirms,
  INITIAL_SEARCH,
  scopeNote,
  resultName,
  resultsOpen,
  searchReducer,
  selectedResult,
  toSelectedPlace,
  type SearchAction,
  type SearchState,
} from './search-state';

const result = (id: string, name?: string, address = `${id} Main St`): SearchResult => ({
  id,
  ...(name !== undefined ? { poi: { name } } : {}),
  address: { freeformAddress: address },
  position: { lat: 47.6 + Number(id.length) / 100, lon: -122.3 },
});
const six = ['a', 'b', 'c', 'd', 'e', 'f'].map((id) => result(id, `Place ${id}`));

const run = (actions: SearchAction[], from: SearchState = INITIAL_SEARCH) =>
  actions.reduce(searchReducer, from);

describe('place search state (doc 1 §4 pick-a-place)', () => {
  it('needs a non-empty query: an empty or blank one sends nothing', () => {
    expect(canSearch('')).toBe(false);
    expect(canSearch('   ')).toBe(false);
    expect(canSearch(' cafe ')).toBe(true);
    const state = run([{ type: 'query', query: '  ' }, { type: 'submit' }]);
    expect(state.status).toBe('idle');
    expect(state.requestId).toBe(0);
  });

  it('shows at most the limit of results (5 on the map, 6 on the session and invite pages)', () => {
    const base = run([{ type: 'query', query: 'place' }, { type: 'submit' }]);
    expect(base.status).toBe('searching');
    const five = searchReducer(base, { type: 'success', requestId: 1, results: six, limit: 5 });
    expect(five.results.map((r) => r.id)).toEqual(['a', 'b', 'c', 'd', 'e']);
    const all = searchReducer(base, { type: 'success', requestId: 1, results: six, limit: 6 });
    expect(all.results).toHaveLength(6);
    expect(resultsOpen(all)).toBe(true);
  });

  it('ignores the answer to an older search', () => {
    const twice = run([{ type: 'query', query: 'pl' }, { type: 'submit' }, { type: 'submit' }]);
    expect(twice.requestId).toBe(2);
    const stale = searchReducer(twice, { type: 'success', requestId: 1, results: six, limit: 5 });
    expect(stale).toBe(twice);
    const staleError = searchReducer(twice, { type: 'failure', requestId: 1, message: 'x' });
    expect(staleError).toBe(twice);
  });

  it("shows the failure's message ('Search failed') with no results", () => {
    const state = run([
      { type: 'query', query: 'pl' },
      { type: 'submit' },
      { type: 'failure', requestId: 1, message: 'Search failed' },
    ]);
    expect(state.status).toBe('error');
    expect(state.error).toBe('Search failed');
    expect(state.results).toEqual([]);
  });

  it('selects a result, then confirms it; the results close once the exit animation ends', () => {
    const shown = run([
      { type: 'query', query: 'pl' },
      { type: 'submit' },
      { type: 'success', requestId: 1, results: six, limit: 5 },
    ]);
    expect(searchReducer(shown, { type: 'confirm' })).toBe(shown); // nothing selected yet
    const selected = searchReducer(shown, { type: 'select', id: 'c' });
    expect(selectedResult(selected)?.id).toBe('c');
    const closing = searchReducer(selected, { type: 'confirm' });
    expect(closing.closing).toBe(true);
    expect(searchReducer(closing, { type: 'select', id: 'a' })).toBe(closing);
    const closed = searchReducer(closing, { type: 'closed' });
    expect(closed.results).toEqual([]);
    expect(closed.selectedId).toBeNull();
    expect(closed.closing).toBe(false);
    expect(resultsOpen(closed)).toBe(false);
    expect(closed.query).toBe('pl');
  });

  it('refuses to select an id that is not among the results', () => {
    const shown = run([
      { type: 'query', query: 'pl' },
      { type: 'submit' },
      { type: 'success', requestId: 1, results: six, limit: 5 },
    ]);
    expect(searchReducer(shown, { type: 'select', id: 'f' })).toBe(shown);
  });

  it('a new search clears the selection', () => {
    const state = run([
      { type: 'query', query: 'pl' },
      { type: 'submit' },
      { type: 'success', requestId: 1, results: six, limit: 5 },
      { type: 'select', id: 'a' },
      { type: 'submit' },
    ]);
    expect(state.selectedId).toBeNull();
  });
});

describe('selected place output (doc 1 §3)', () => {
  it('takes the place name, else the address, else "Selected place"', () => {
    expect(resultName(result('a', 'Pike Place Market'))).toBe('Pike Place Market');
    expect(resultName(result('a', '  ', '1st Ave, Seattle'))).toBe('1st Ave, Seattle');
    expect(resultName(result('a', undefined, ''))).toBe('Selected place');
  });

  it('gives id, name, address and position', () => {
    expect(toSelectedPlace(result('a', 'Pike Place Market', '85 Pike St, Seattle'))).toEqual({
      id: 'a',
      name: 'Pike Place Market',
      address: '85 Pike St, Seattle',
      position: { lat: 47.61, lon: -122.3 },
    });
  });
});

describe('keyboard: arrow keys move the selection through the results', () => {
  const shown = run([
    { type: 'query', query: 'pl' },
    { type: 'submit' },
    { type: 'success', requestId: 1, results: six, limit: 3 },
  ]);
  it('down from nothing takes the first, up the last; both wrap; Home and End jump', () => {
    const down = searchReducer(shown, { type: 'move', to: 1 });
    expect(down.selectedId).toBe('a');
    expect(searchReducer(shown, { type: 'move', to: -1 }).selectedId).toBe('c');
    const path = run(
      [
        { type: 'move', to: 1 },
        { type: 'move', to: 1 },
        { type: 'move', to: 1 },
      ],
      down,
    );
    expect(path.selectedId).toBe('a'); // a → b → c → a
    expect(searchReducer(down, { type: 'move', to: -1 }).selectedId).toBe('c');
    expect(searchReducer(down, { type: 'move', to: 'last' }).selectedId).toBe('c');
    expect(searchReducer(path, { type: 'move', to: 'first' }).selectedId).toBe('a');
  });

  it('Enter confirms the selection only while the box holds the query the results answer', () => {
    const picked = searchReducer(shown, { type: 'move', to: 1 });
    expect(enterConfirms(shown)).toBe(false);
    expect(enterConfirms(picked)).toBe(true);
    expect(enterConfirms(searchReducer(picked, { type: 'query', query: 'pla' }))).toBe(false);
  });

  it('does nothing without results or while closing', () => {
    expect(searchReducer(INITIAL_SEARCH, { type: 'move', to: 1 })).toBe(INITIAL_SEARCH);
    const closing = run([{ type: 'move', to: 1 }, { type: 'confirm' }], shown);
    expect(searchReducer(closing, { type: 'move', to: 1 })).toBe(closing);
  });
});

describe('what was searched (issue 12 §5, §6)', () => {
  const answer = (
    results: SearchResult[],
    scope: 'nearby' | 'everywhere',
    radiusMeters: number | null,
    coverage: 'cities' | 'addresses',
  ) =>
    run([
      { type: 'query', query: 'Ballard' },
      { type: 'submit' },
      { type: 'success', requestId: 1, results, limit: 5, info: { scope, radiusMeters, coverage } },
    ]);

  it('says the results are farther away when nothing matched nearby', () => {
    expect(scopeNote(answer(six, 'everywhere', 100_000, 'addresses'))).toBe(
      'Nothing matched within 100 km of you; these places are farther away.',
    );
    expect(scopeNote(answer(six, 'everywhere', 100_000, 'cities'))).toBe(
      'Nothing matched within 100 km of you; these places are farther away. ' +
        'Offline search knows the names of cities and towns only, not streets, addresses, neighbourhoods or landmarks.',
    );
    expect(scopeNote(answer(six, 'nearby', 100_000, 'addresses'))).toBeNull();
    expect(scopeNote(answer(six, 'everywhere', null, 'addresses'))).toBeNull();
  });

  it('the empty state says where it looked and, offline, that only city and town names are known', () => {
    expect(emptyMessage(answer([], 'everywhere', 100_000, 'cities'), { pinHint: true })).toBe(
      'No places found for “Ballard” within 100 km of you, nor anywhere farther away. ' +
        'Offline search knows the names of cities and towns only, not streets, addresses, neighbourhoods or landmarks. ' +
        'To pick an exact spot, click or long-press the map to drop a pin.',
    );
    expect(emptyMessage(answer([], 'everywhere', null, 'addresses'), { pinHint: false })).toBe(
      'No places found for “Ballard”.',
    );
  });
});
