import {
  format,
  JOIN_ATTEMPTS,
  JOIN_DELAY_CAP_MS,
  JOIN_DELAY_STEP_MS,
  MESSAGES,
} from '@oneeta/contracts';
import { describe, expect, it } from 'vitest';
import {
  EMPTY_JOIN_STATE,
  joinAttemptsKey,
  joinDecision,
  joinDelayMs,
  loadJoinState,
  recordJoinFailure,
  recordServerLock,
  retryAfterFromMessage,
  saveJoinState,
  type JoinAttemptState,
  type JoinStorage,
} from './join-attempts';

const T0 = 1_700_000_000_000;
const WINDOW_MS = JOIN_ATTEMPTS.windowSeconds * 1000;
const LOCK_MS = JOIN_ATTEMPTS.lockSeconds * 1000;

function failTimes(n: number, at = T0, stepMs = 1000): JoinAttemptState {
  let state = EMPTY_JOIN_STATE;
  for (let i = 0; i < n; i++) state = recordJoinFailure(state, at + i * stepMs);
  return state;
}

function memoryStorage(): JoinStorage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (k) => data.get(k) ?? null,
    setItem: (k, v) => void data.set(k, v),
    removeItem: (k) => void data.delete(k),
  };
}

describe('join-attempt delay', () => {
  it('is JOIN_DELAY_STEP_MS times the attempt count, capped at JOIN_DELAY_CAP_MS', () => {
    expect(JOIN_DELAY_STEP_MS).toBe(200);
    expect(JOIN_DELAY_CAP_MS).toBe(2000);
    expect(joinDelayMs(0)).toBe(0);
    expect(joinDelayMs(1)).toBe(200);
    expect(joinDelayMs(4)).toBe(800);
    expect(joinDelayMs(10)).toBe(2000);
    expect(joinDelayMs(50)).toBe(2000);
  });

  it('grows with each failure counted in the window', () => {
    expect(joinDecision(EMPTY_JOIN_STATE, T0)).toEqual({ allowed: true, delayMs: 0 });
    expect(joinDecision(failTimes(1), T0 + 1000)).toEqual({ allowed: true, delayMs: 200 });
    expect(joinDecision(failTimes(3), T0 + 3000)).toEqual({ allowed: true, delayMs: 600 });
  });
});

describe('join-attempt window and lock (5 per 60 s, then 5 minutes)', () => {
  it('allows the first four failures without a lock', () => {
    const state = failTimes(JOIN_ATTEMPTS.limit - 1);
    expect(state.count).toBe(4);
    expect(state.lockedUntil).toBe(0);
    expect(joinDecision(state, T0 + 4000).allowed).toBe(true);
  });

  it('locks for five minutes from the failure that reaches the limit', () => {
    const state = failTimes(JOIN_ATTEMPTS.limit);
    const fifthAt = T0 + 4000;
    expect(state.lockedUntil).toBe(fifthAt + LOCK_MS);
    const decision = joinDecision(state, fifthAt + 1);
    expect(decision).toEqual({
      allowed: false,
      retryAfterSeconds: 300,
      message: 'Too many attempts. Try again in 300s',
    });
    expect(joinDecision(state, fifthAt + LOCK_MS - 59_500)).toMatchObject({
      allowed: false,
      retryAfterSeconds: 60,
      message: format(MESSAGES.tooManyAttempts, { n: 60 }),
    });
  });

  it('opens again, with a fresh count, once the lock is over', () => {
    const state = failTimes(JOIN_ATTEMPTS.limit);
    const after = state.lockedUntil;
    expect(joinDecision(state, after)).toEqual({ allowed: true, delayMs: 0 });
    expect(recordJoinFailure(state, after)).toEqual({
      windowStart: after,
      count: 1,
      lockedUntil: 0,
    });
  });

  it('a failure while locked changes nothing', () => {
    const state = failTimes(JOIN_ATTEMPTS.limit);
    expect(recordJoinFailure(state, T0 + 10_000)).toEqual(state);
  });

  it('forgets failures older than the 60 s window', () => {
    const state = failTimes(JOIN_ATTEMPTS.limit - 1);
    expect(joinDecision(state, T0 + WINDOW_MS)).toEqual({ allowed: true, delayMs: 0 });
    const next = recordJoinFailure(state, T0 + WINDOW_MS);
    expect(next).toEqual({ windowStart: T0 + WINDOW_MS, count: 1, lockedUntil: 0 });
  });

  it('five failures spread over more than 60 s do not lock', () => {
    const state = failTimes(JOIN_ATTEMPTS.limit, T0, 20_000);
    // failures at 0, 20, 40 s count; the window restarts at 60 s with the fourth.
    expect(state.lockedUntil).toBe(0);
    expect(state.count).toBe(2);
  });
});

describe('the server lock (429)', () => {
  it('reads the seconds of the server message', () => {
    expect(retryAfterFromMessage('Too many attempts. Try again in 42s')).toBe(42);
    expect(retryAfterFromMessage(format(MESSAGES.tooManyAttempts, { n: 7 }))).toBe(7);
    expect(retryAfterFromMessage('Too many attempts')).toBeUndefined();
  });

  it('locks for as long as the server says, else the full lock', () => {
    const locked = recordServerLock(EMPTY_JOIN_STATE, T0, 42);
    expect(locked.lockedUntil).toBe(T0 + 42_000);
    expect(joinDecision(locked, T0)).toMatchObject({ allowed: false, retryAfterSeconds: 42 });
    expect(recordServerLock(EMPTY_JOIN_STATE, T0, undefined).lockedUntil).toBe(T0 + LOCK_MS);
  });

  it('never shortens a longer local lock', () => {
    const state = failTimes(JOIN_ATTEMPTS.limit);
    expect(recordServerLock(state, T0 + 5000, 10).lockedUntil).toBe(state.lockedUntil);
  });
});

describe('localStorage per session id', () => {
  it('keeps each session id apart and round-trips the state', () => {
    const storage = memoryStorage();
    const state = failTimes(2);
    saveJoinState(storage, 'abc2345', state);
    expect(storage.data.has(joinAttemptsKey('abc2345'))).toBe(true);
    expect(loadJoinState(storage, 'abc2345', T0 + 2000)).toEqual(state);
    expect(loadJoinState(storage, 'xyz6789', T0 + 2000)).toEqual(EMPTY_JOIN_STATE);
  });

  it('reads an expired or corrupt entry as empty, and removes an empty state', () => {
    const storage = memoryStorage();
    saveJoinState(storage, 'abc2345', failTimes(2));
    expect(loadJoinState(storage, 'abc2345', T0 + WINDOW_MS + 5000)).toEqual(EMPTY_JOIN_STATE);
    storage.setItem(joinAttemptsKey('bad2345'), '{"count":"x"');
    expect(loadJoinState(storage, 'bad2345', T0)).toEqual(EMPTY_JOIN_STATE);
    saveJoinState(storage, 'abc2345', EMPTY_JOIN_STATE);
    expect(storage.data.has(joinAttemptsKey('abc2345'))).toBe(false);
    expect(loadJoinState(undefined, 'abc2345', T0)).toEqual(EMPTY_JOIN_STATE);
  });
});
