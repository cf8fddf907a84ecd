import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { memoryStorage } from '../test-fixtures';
import { getMe } from './auth';
import { SESSIONS_PAGE_SIZE } from '@oneeta/contracts';
import { sessionPageEarlyScript, sessionsPageEarlyScript } from '../../early-scripts';
import { EARLY_ANSWER_TTL_MS, EARLY_GLOBAL, takeEarlyResponse } from './early';
import { listMyInvites } from './invites';
import { getMapToken } from './maps';
import { getInbox, getNotificationPreferences } from './notifications';
import { getSession, getSessionLimits, listMySessions } from './sessions';
import { setToken } from './token';

/** An answer that names the URL it answers, as an error the client reports as it is. */
const answer = (url: string) =>
  new Response(JSON.stringify({ error: `answer to ${url}` }), {
    status: 404,
    headers: { 'content-type': 'application/json' },
  });

let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(() => {
  vi.stubGlobal('localStorage', memoryStorage());
  vi.stubGlobal('window', globalThis);
  fetchMock = vi.fn((url: string) => Promise.resolve(answer(url)));
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  delete (globalThis as Record<string, unknown>)[EARLY_GLOBAL];
});

/** Runs a page's inline script (s.html's unless told) as the browser does, at `pathname`. */
function runPageScript(pathname: string, script = sessionPageEarlyScript()) {
  vi.stubGlobal('location', { pathname });
  new Function(script)();
}

const urlsAsked = () => fetchMock.mock.calls.map(([url]) => url as string);

describe('early requests (s.html)', () => {
  it("asks exactly what a guest's first screen asks, and the client takes those answers", async () => {
    runPageScript('/s/abc2345');
    expect(urlsAsked()).toEqual(['/api/sessions/abc2345', '/api/maps/token?sessionId=abc2345']);
    expect(fetchMock.mock.calls[0]![1]).toEqual({
      headers: { accept: 'application/json' },
      credentials: 'same-origin',
    });

    await expect(getSession('abc2345')).rejects.toThrow('answer to /api/sessions/abc2345');
    await expect(getMapToken('abc2345')).rejects.toThrow(
      'answer to /api/maps/token?sessionId=abc2345',
    );
    expect(fetchMock).toHaveBeenCalledTimes(2);

    // Each answer is taken once: the next call asks the network.
    await expect(getSession('abc2345')).rejects.toThrow('answer to /api/sessions/abc2345');
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('signed in, also asks for the user, the limits, the inbox and the preferences, with the token', async () => {
    setToken('tok-1');
    runPageScript('/s/abc2345/');
    expect(urlsAsked().sort()).toEqual(
      [
        '/api/auth/me',
        '/api/maps/token?sessionId=abc2345',
        '/api/notifications/inbox',
        '/api/notifications/preferences',
        '/api/sessions/abc2345',
        '/api/sessions/limits',
      ].sort(),
    );
    for (const [, init] of fetchMock.mock.calls) {
      expect(init).toMatchObject({ headers: { authorization: 'Bearer tok-1' } });
    }
    await Promise.allSettled([
      getMe(),
      getSession('abc2345'),
      getSessionLimits(),
      getMapToken('abc2345'),
      getInbox(),
      getNotificationPreferences(),
    ]);
    // The client's URLs are the script's, exactly: not one call went to the network again.
    expect(fetchMock).toHaveBeenCalledTimes(6);
  });

  it('never hands an answer to a call made with another token, nor to a call it did not ask', async () => {
    setToken('tok-1');
    runPageScript('/s/abc2345');
    setToken('tok-2');
    await expect(getSessionLimits()).rejects.toThrow('answer to /api/sessions/limits');
    expect(fetchMock).toHaveBeenCalledTimes(7);
    expect(fetchMock.mock.calls[6]![1]).toMatchObject({
      headers: { authorization: 'Bearer tok-2' },
    });
    expect(takeEarlyResponse('/api/sessions/other22', 'tok-2')).toBeUndefined();
  });

  it('hands out nothing once the load is long over: a later call asks the network', async () => {
    let now = 1_000;
    vi.spyOn(performance, 'now').mockImplementation(() => now);
    runPageScript('/s/abc2345');
    now += EARLY_ANSWER_TTL_MS - 1;
    await expect(getMapToken('abc2345')).rejects.toThrow('answer to /api/maps/token');
    expect(fetchMock).toHaveBeenCalledTimes(2);
    now += 1;
    await expect(getSession('abc2345')).rejects.toThrow('answer to /api/sessions/abc2345');
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('asks the network again when the early request failed', async () => {
    fetchMock.mockImplementationOnce(() => Promise.reject(new TypeError('offline')));
    runPageScript('/s/abc2345');
    await expect(getSession('abc2345')).rejects.toThrow('answer to /api/sessions/abc2345');
    expect(urlsAsked()).toEqual([
      '/api/sessions/abc2345',
      '/api/maps/token?sessionId=abc2345',
      '/api/sessions/abc2345',
    ]);
  });

  it('asks nothing off a session page, for a malformed id, or when storage is blocked', () => {
    for (const pathname of ['/s/abc2345/invite', '/s/ABC2345', '/s/abc234', '/sessions', '/']) {
      runPageScript(pathname);
    }
    vi.stubGlobal('localStorage', {
      getItem: () => {
        throw new Error('blocked');
      },
    });
    runPageScript('/s/abc2345');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('early requests (sessions.html)', () => {
  it("signed in, asks what /sessions' first screen waits for, and the client takes every answer", async () => {
    setToken('tok-1');
    runPageScript('/sessions', sessionsPageEarlyScript());
    expect(urlsAsked()).toHaveLength(3);
    await Promise.allSettled([
      getMe(),
      listMySessions({ status: 'open', limit: SESSIONS_PAGE_SIZE, cursor: null }),
      listMyInvites(),
    ]);
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect((globalThis as Record<string, unknown>)[EARLY_GLOBAL]).toEqual({});
  });

  it('asks nothing signed out, nor on another path', () => {
    runPageScript('/sessions', sessionsPageEarlyScript());
    setToken('tok-1');
    runPageScript('/sessions/x', sessionsPageEarlyScript());
    runPageScript('/s/abc2345', sessionsPageEarlyScript());
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('time-zone warm-up', () => {
  it.each([
    ['s.html', '/s/abc2345', sessionPageEarlyScript()],
    ['sessions.html', '/sessions', sessionsPageEarlyScript()],
  ])(
    "%s's script sets up Intl's zone data in a timer task of its own, after its requests",
    (_page, path, script) => {
      vi.useFakeTimers();
      try {
        const dateTimeFormat = vi.spyOn(Intl, 'DateTimeFormat');
        setToken('tok-1');
        runPageScript(path, script);
        expect(fetchMock).toHaveBeenCalled();
        expect(dateTimeFormat).not.toHaveBeenCalled();
        vi.runOnlyPendingTimers();
        expect(dateTimeFormat).toHaveBeenCalledTimes(1);
      } finally {
        vi.useRealTimers();
      }
    },
  );

  it('does not set it up off those pages', () => {
    vi.useFakeTimers();
    try {
      runPageScript('/plans');
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });
});
