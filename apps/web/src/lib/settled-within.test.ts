import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { settledWithin } from './settled-within';

describe('settledWithin', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const watch = (p: Promise<void>) => {
    const state = { done: false };
    void p.then(() => (state.done = true));
    return state;
  };

  it('resolves as soon as the promise is fulfilled, before the limit', async () => {
    let fulfil!: (v: string) => void;
    const state = watch(settledWithin(new Promise<string>((r) => (fulfil = r)), 500));
    await vi.advanceTimersByTimeAsync(100);
    expect(state.done).toBe(false);
    fulfil('session');
    await vi.advanceTimersByTimeAsync(0);
    expect(state.done).toBe(true);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('resolves (does not reject) when the promise is rejected', async () => {
    let reject!: (e: Error) => void;
    const p = settledWithin(new Promise<never>((_, r) => (reject = r)), 500);
    const state = watch(p);
    reject(new Error('404'));
    await vi.advanceTimersByTimeAsync(0);
    expect(state.done).toBe(true);
    await expect(p).resolves.toBeUndefined();
  });

  it('resolves at the limit when the promise is still pending', async () => {
    const state = watch(settledWithin(new Promise<never>(() => {}), 500));
    await vi.advanceTimersByTimeAsync(499);
    expect(state.done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(state.done).toBe(true);
  });
});
