import { MESSAGES } from '@oneeta/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { memoryStorage } from '../test-fixtures';
import {
  changePassword,
  deleteAccount,
  exportMyData,
  forgotPassword,
  logoutAll,
  resetPassword,
  signOutHere,
} from './account';
import { getSessionLimits } from './sessions';
import { login } from './auth';
import { getToken, setToken } from './token';

const json = (status: number, body: unknown) =>
  new Response(body === undefined ? '' : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });

const user = {
  id: 'u1',
  email: 'ada@example.com',
  name: 'Ada',
  plan: 'free',
  phoneNumber: null,
  phoneVerified: false,
  emailVerified: true,
  isAdmin: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

let fetchMock: ReturnType<typeof vi.fn>;
const call = (index: number) => {
  const [url, init] = fetchMock.mock.calls[index] as [string, RequestInit];
  return {
    url,
    method: init.method,
    body: init.body === undefined ? undefined : (JSON.parse(init.body as string) as unknown),
    authorization: (init.headers as Record<string, string>).authorization,
  };
};

beforeEach(() => {
  vi.stubGlobal('localStorage', memoryStorage());
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('the account calls', () => {
  it('change password sends both passwords with the token and answers the new token', async () => {
    setToken('old');
    fetchMock.mockResolvedValueOnce(json(200, { token: 'new', user }));
    await expect(
      changePassword({ currentPassword: 'Old-pass-1', password: 'New-pass-2' }),
    ).resolves.toEqual({ token: 'new', user });
    expect(call(0)).toEqual({
      url: '/api/auth/password',
      method: 'POST',
      body: { currentPassword: 'Old-pass-1', password: 'New-pass-2' },
      authorization: 'Bearer old',
    });
  });

  it("change password shows the server's refusal and keeps the token", async () => {
    setToken('old');
    fetchMock.mockResolvedValueOnce(json(400, { error: MESSAGES.currentPasswordWrong }));
    await expect(
      changePassword({ currentPassword: 'nope', password: 'New-pass-2' }),
    ).rejects.toMatchObject({ message: MESSAGES.currentPasswordWrong, status: 400 });
    expect(getToken()).toBe('old');
  });

  it('forgot password answers the neutral message and sends no token', async () => {
    setToken('someone');
    fetchMock.mockResolvedValueOnce(json(202, { message: MESSAGES.passwordResetSent }));
    await expect(forgotPassword({ email: 'ada@example.com' })).resolves.toEqual({
      message: MESSAGES.passwordResetSent,
    });
    expect(call(0)).toMatchObject({
      url: '/api/auth/password/forgot',
      method: 'POST',
      body: { email: 'ada@example.com' },
      authorization: undefined,
    });
  });

  it("reset answers a token and user, or the server's 'invalid link' text", async () => {
    fetchMock.mockResolvedValueOnce(json(200, { token: 't', user }));
    await expect(resetPassword({ token: 'link', password: 'New-pass-2' })).resolves.toEqual({
      token: 't',
      user,
    });
    expect(call(0)).toMatchObject({
      url: '/api/auth/password/reset',
      body: { token: 'link', password: 'New-pass-2' },
    });
    fetchMock.mockResolvedValueOnce(json(400, { error: MESSAGES.passwordResetInvalid }));
    await expect(resetPassword({ token: 'used', password: 'New-pass-2' })).rejects.toMatchObject({
      message: MESSAGES.passwordResetInvalid,
      status: 400,
    });
  });

  it('sign out everywhere, deletion and export are the documented calls', async () => {
    setToken('tok');
    fetchMock.mockImplementation(async () => new Response(null, { status: 204 }));
    await logoutAll();
    await deleteAccount({ password: 'Pass-word-1' });
    fetchMock.mockImplementation(async () => json(200, { user: { email: 'ada@example.com' } }));
    await expect(exportMyData()).resolves.toEqual({ user: { email: 'ada@example.com' } });
    expect([0, 1, 2].map((i) => call(i))).toEqual([
      { url: '/api/auth/logout-all', method: 'POST', body: undefined, authorization: 'Bearer tok' },
      {
        url: '/api/auth/me',
        method: 'DELETE',
        body: { password: 'Pass-word-1' },
        authorization: 'Bearer tok',
      },
      { url: '/api/auth/me/export', method: 'GET', body: undefined, authorization: 'Bearer tok' },
    ]);
  });
});

describe('signing out on this device', () => {
  it('ends the token on the server before forgetting it', async () => {
    setToken('tok');
    let storedDuringCall: string | null = null;
    fetchMock.mockImplementation(async () => {
      storedDuringCall = getToken();
      return new Response(null, { status: 204 });
    });
    await signOutHere();
    expect(call(0)).toMatchObject({
      url: '/api/auth/logout',
      method: 'POST',
      authorization: 'Bearer tok',
    });
    expect(storedDuringCall).toBe('tok');
    expect(getToken()).toBeNull();
  });

  it('forgets the token also when the call fails or never answers', async () => {
    setToken('tok');
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await signOutHere();
    expect(getToken()).toBeNull();
    setToken('tok2');
    fetchMock.mockResolvedValueOnce(json(500, {}));
    await signOutHere();
    expect(getToken()).toBeNull();
  });

  it('makes no call without a token', async () => {
    await signOutHere();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('a token ended elsewhere', () => {
  it('is forgotten on the first 401 of any call that sent it', async () => {
    setToken('revoked');
    fetchMock.mockResolvedValueOnce(json(401, { error: MESSAGES.notAuthenticated }));
    await expect(getSessionLimits()).rejects.toMatchObject({ status: 401 });
    expect(getToken()).toBeNull();
  });

  it('keeps a token stored while the refused call was on its way', async () => {
    setToken('old');
    fetchMock.mockImplementationOnce(async () => {
      setToken('fresh');
      return json(401, { error: MESSAGES.notAuthenticated });
    });
    await expect(getSessionLimits()).rejects.toMatchObject({ status: 401 });
    expect(getToken()).toBe('fresh');
  });

  it('is not touched by a call that sent no token (a wrong password at sign-in)', async () => {
    setToken('mine');
    fetchMock.mockResolvedValueOnce(json(401, { error: MESSAGES.invalidCredentials }));
    await expect(login({ email: 'a@b.co', password: 'x' })).rejects.toMatchObject({ status: 401 });
    expect(getToken()).toBe('mine');
  });

  it('is kept on other refusals (403, 400)', async () => {
    setToken('mine');
    fetchMock.mockResolvedValueOnce(json(403, { error: 'Forbidden' }));
    await expect(getSessionLimits()).rejects.toMatchObject({ status: 403 });
    fetchMock.mockResolvedValueOnce(json(400, { error: 'Bad' }));
    await expect(getSessionLimits()).rejects.toMatchObject({ status: 400 });
    expect(getToken()).toBe('mine');
  });
});
