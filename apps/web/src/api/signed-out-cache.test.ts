import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { memoryStorage } from '../test-fixtures';
import { dropAnswersOnSignOut } from './signed-out-cache';
import { clearToken, setToken } from './token';

let stop: () => void = () => undefined;
beforeEach(() => vi.stubGlobal('localStorage', memoryStorage()));
afterEach(() => {
  stop();
  vi.unstubAllGlobals();
});

describe('answers read while signed in', () => {
  it('are dropped when the token goes away', () => {
    setToken('a');
    const client = new QueryClient();
    stop = dropAnswersOnSignOut(client);
    client.setQueryData(['sessions', 'mine'], ['my session']);
    clearToken();
    expect(client.getQueryData(['sessions', 'mine'])).toBeUndefined();
  });

  it('are kept when one token replaces another, and when a guest signs in', () => {
    const client = new QueryClient();
    stop = dropAnswersOnSignOut(client);
    client.setQueryData(['health'], 'ok');
    setToken('a');
    setToken('b');
    expect(client.getQueryData(['health'])).toBe('ok');
  });
});
