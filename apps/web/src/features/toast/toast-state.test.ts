import { TOAST_DURATION_MS } from '@oneeta/contracts';
import { describe, expect, it } from 'vitest';
import { makeToast, MAX_TOASTS, toastReducer } from './toast-state';

describe('toasts', () => {
  it('default to info and TOAST_DURATION_MS (2200 ms)', () => {
    expect(TOAST_DURATION_MS).toBe(2200);
    expect(makeToast(1, { message: 'Hi' })).toEqual({
      id: 1,
      type: 'info',
      message: 'Hi',
      durationMs: 2200,
    });
    expect(makeToast(2, { message: 'Oops', type: 'error', durationMs: 0 })).toMatchObject({
      type: 'error',
      durationMs: 0,
    });
  });

  it('stack newest last and are dismissed one by one', () => {
    let state = toastReducer([], { kind: 'add', toast: makeToast(1, { message: 'a' }) });
    state = toastReducer(state, {
      kind: 'add',
      toast: makeToast(2, { message: 'b', type: 'success' }),
    });
    expect(state.map((t) => t.message)).toEqual(['a', 'b']);
    state = toastReducer(state, { kind: 'dismiss', id: 1 });
    expect(state.map((t) => t.id)).toEqual([2]);
    expect(toastReducer(state, { kind: 'dismiss', id: 99 })).toEqual(state);
  });

  it('show a repeated message once: the new toast replaces the one on screen and goes last', () => {
    let state = toastReducer([], {
      kind: 'add',
      toast: makeToast(1, { message: 'Saved', type: 'success' }),
    });
    state = toastReducer(state, { kind: 'add', toast: makeToast(2, { message: 'Other' }) });
    state = toastReducer(state, {
      kind: 'add',
      toast: makeToast(3, { message: 'Saved', type: 'success' }),
    });
    expect(state.map((t) => [t.id, t.message])).toEqual([
      [2, 'Other'],
      [3, 'Saved'],
    ]);
    // The same words as another kind (an error after an info) are a different toast.
    state = toastReducer(state, {
      kind: 'add',
      toast: makeToast(4, { message: 'Saved', type: 'error' }),
    });
    expect(state.map((t) => t.id)).toEqual([2, 3, 4]);
  });

  it(`keep at most ${MAX_TOASTS} on screen, dropping the oldest`, () => {
    let state = toastReducer([], { kind: 'add', toast: makeToast(0, { message: '0' }) });
    for (let i = 1; i <= MAX_TOASTS + 1; i++) {
      state = toastReducer(state, { kind: 'add', toast: makeToast(i, { message: String(i) }) });
    }
    expect(state).toHaveLength(MAX_TOASTS);
    expect(state[0]?.id).toBe(2);
  });
});
