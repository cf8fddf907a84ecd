import { MESSAGES } from '@oneeta/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getHealth } from './health';
import { listMySessions, getSessionLimits } from './sessions';
import { login, register } from './auth';
import { ApiError, apiRequest } from './client';
import { memoryStorage } from '../test-fixtures';
import { clearToken, getToken, setToken, TOKEN_KEY } from './token';

const json = (status: number, body: unknown) =>
  new Response(body === undefined ? '' : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });

let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(() => {
  vi.stubGlobal('localStorage', memoryStorage());
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const limits = {
  plan: 'free',
  limits: {
    canCreateSessions: false,
    maxJoinedOpenSessions: 1,
    maxOwnOpenSessions: 1,
    maxParticipants: 3,
    maxInvitesPerSession: 3,
    canEditSavedSession: false,
    maxSuggestionCandidates: 3,
  },
  usage: { openTotal: 1, ownedOpen: 1, joinedOpen: 0 },
};

describe('token storage', () => {
  it("keeps the token under 'oneeta:token'", () => {
    expect(TOKEN_KEY).toBe('oneeta:token');
    setToken('t1');
    expect(localStorage.getItem('oneeta:token')).toBe('t1');
    expect(getToken()).toBe('t1');
    clearToken();
    expect(getToken()).toBeNull();
  });
});

describe('apiRequest', () => {
  it('sends the bearer token and parses the answer with the contract schema', async () => {
    setToken('tok');
    fetchMock.mockResolvedValue(json(200, limits));
    await expect(getSessionLimits()).resolves.toEqual(limits);
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/sessions/limits');
    expect((init.headers as Record<string, string>).authorization).toBe('Bearer tok');
  });

  it("refuses a call that needs sign-in without a token: 'Not authenticated', no request", async () => {
    await expect(getSessionLimits()).rejects.toMatchObject({
      message: MESSAGES.notAuthenticated,
      status: 401,
    });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("throws the server's error text, with its status and code", async () => {
    fetchMock.mockResolvedValue(
      json(409, { error: 'An account with this email already exists', code: 'email_taken' }),
    );
    const error = await register({ email: 'a@b.co', password: 'Str0ng!pass' }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      message: 'An account with this email already exists',
      status: 409,
      code: 'email_taken',
    });
  });

  it("falls back to the call's default when the server gives no error text", async () => {
    fetchMock.mockResolvedValueOnce(new Response('Bad gateway', { status: 502 }));
    await expect(register({ email: 'a@b.co', password: 'x' })).rejects.toMatchObject({
      message: 'Register failed',
    });
    fetchMock.mockResolvedValueOnce(json(500, {}));
    await expect(login({ email: 'a@b.co', password: 'x' })).rejects.toMatchObject({
      message: 'Login failed',
    });
    setToken('tok');
    fetchMock.mockResolvedValueOnce(json(500, { error: '' }));
    await expect(listMySessions()).rejects.toMatchObject({ message: 'Failed to fetch sessions' });
    fetchMock.mockResolvedValueOnce(json(503, null));
    await expect(getSessionLimits()).rejects.toMatchObject({ message: 'Failed to fetch limits' });
  });

  it('treats a network failure and an answer of the wrong shape as the default error', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(login({ email: 'a@b.co', password: 'x' })).rejects.toMatchObject({
      message: 'Login failed',
      status: 0,
    });
    fetchMock.mockResolvedValueOnce(json(200, { token: 1 }));
    await expect(login({ email: 'a@b.co', password: 'x' })).rejects.toMatchObject({
      message: 'Login failed',
      code: 'bad_response',
    });
  });

  it('puts list parameters in the query, leaving out an absent cursor', async () => {
    setToken('tok');
    fetchMock.mockImplementation(async () => json(200, { items: [], nextCursor: null }));
    await listMySessions({ status: 'closed', limit: 10 });
    await listMySessions({ status: 'open', limit: 10, cursor: 'c/1' });
    expect(fetchMock.mock.calls.map((c) => c[0])).toEqual([
      '/api/sessions/mine?status=closed&limit=10',
      '/api/sessions/mine?status=open&limit=10&cursor=c%2F1',
    ]);
  });

  it('sends JSON bodies and never a token on login', async () => {
    setToken('old');
    fetchMock.mockImplementation(async () => json(500, {}));
    await apiRequest('/api/x', {
      method: 'POST',
      body: { a: 1 },
      schema: 'sessionLimitsResponseSchema',
      fallbackError: 'x',
      auth: 'none',
    }).catch(() => undefined);
    const [, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(init.body).toBe('{"a":1}');
    expect(init.headers).toMatchObject({ 'content-type': 'application/json' });
    expect(init.headers).not.toHaveProperty('authorization');
  });
});

describe('getHealth', () => {
  it('answers the server time', async () => {
    fetchMock.mockResolvedValue(json(200, { time: '2026-01-01T00:00:00.000Z', upstreams: {} }));
    await expect(getHealth()).resolves.toMatchObject({ time: '2026-01-01T00:00:00.000Z' });
  });

  it('fails with the HTTP status as the message', async () => {
    fetchMock.mockResolvedValue(json(503, { error: 'down' }));
    await expect(getHealth()).rejects.toMatchObject({ message: '503', status: 503 });
  });

  it("fails with 'Unexpected health response' for another shape or no JSON", async () => {
    fetchMock.mockResolvedValueOnce(json(200, { ok: true }));
    await expect(getHealth()).rejects.toMatchObject({ message: 'Unexpected health response' });
    fetchMock.mockResolvedValueOnce(new Response('<html>', { status: 200 }));
    await expect(getHealth()).rejects.toMatchObject({ message: 'Unexpected health response' });
  });
});
