import { JOIN_ATTEMPTS } from '@oneeta/contracts';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/client';
import { joinAttemptsKey, type JoinStorage } from './join-attempts';
import { JoinLockedError, runJoinAttempt } from './join-guard';

function memoryStorage(): JoinStorage {
  const data = new Map<string, string>();
  return {
    getItem: (k) => data.get(k) ?? null,
    setItem: (k, v) => void data.set(k, v),
    removeItem: (k) => void data.delete(k),
  };
}

function harness() {
  let clock = 1_700_000_000_000;
  const sleeps: number[] = [];
  const deps = {
    storage: memoryStorage(),
    now: () => clock,
    sleep: (ms: number) => {
      sleeps.push(ms);
      clock += ms;
      return Promise.resolve();
    },
  };
  return { deps, sleeps, advance: (ms: number) => (clock += ms) };
}

const invalid = () => Promise.reject(new ApiError('Invalid invite', 404, 'invalid_invite'));

describe('runJoinAttempt', () => {
  it('passes the answer through and counts nothing on success', async () => {
    const { deps, sleeps } = harness();
    await expect(runJoinAttempt('abc2345', () => Promise.resolve(42), deps)).resolves.toBe(42);
    await expect(runJoinAttempt('abc2345', () => Promise.resolve(43), deps)).resolves.toBe(43);
    expect(sleeps).toEqual([0, 0]);
    expect(deps.storage.getItem(joinAttemptsKey('abc2345'))).toBeNull();
  });

  it('delays each attempt by the failures so far, then locks after the fifth', async () => {
    const { deps, sleeps } = harness();
    for (let i = 0; i < JOIN_ATTEMPTS.limit; i++) {
      await expect(runJoinAttempt('abc2345', invalid, deps)).rejects.toMatchObject({
        status: 404,
      });
    }
    expect(sleeps).toEqual([0, 200, 400, 600, 800]);
    const server = vi.fn(() => Promise.resolve('ok'));
    const refused = runJoinAttempt('abc2345', server, deps);
    await expect(refused).rejects.toBeInstanceOf(JoinLockedError);
    await expect(refused).rejects.toMatchObject({
      status: 429,
      message: 'Too many attempts. Try again in 300s',
    });
    expect(server).not.toHaveBeenCalled();
    // another session id is not affected
    await expect(runJoinAttempt('xyz6789', server, deps)).resolves.toBe('ok');
  });

  it('does not count failures that say nothing about the code', async () => {
    const { deps, sleeps } = harness();
    const missing = () =>
      Promise.reject(new ApiError('Location is required to join', 400, 'missing_location'));
    for (let i = 0; i < 6; i++)
      await expect(runJoinAttempt('abc2345', missing, deps)).rejects.toThrow();
    expect(sleeps.every((ms) => ms === 0)).toBe(true);
  });

  it("adopts the server's 429 and rethrows its message as is", async () => {
    const { deps, advance } = harness();
    const serverLock = () =>
      Promise.reject(new ApiError('Too many attempts. Try again in 30s', 429, 'too_many_attempts'));
    await expect(runJoinAttempt('abc2345', serverLock, deps)).rejects.toMatchObject({
      message: 'Too many attempts. Try again in 30s',
    });
    advance(10_000);
    await expect(runJoinAttempt('abc2345', () => Promise.resolve(1), deps)).rejects.toMatchObject({
      message: 'Too many attempts. Try again in 20s',
    });
    advance(20_000);
    await expect(runJoinAttempt('abc2345', () => Promise.resolve(1), deps)).resolves.toBe(1);
  });
});
