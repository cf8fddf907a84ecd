import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { memoryStorage, participant } from '../test-fixtures';
import { ApiError } from './client';
import { leaveSession, removeParticipant, saveRouteOptions, setEnroute } from './participants';
import { cancelInvite } from './invites';
import { setToken } from './token';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  vi.stubGlobal('localStorage', memoryStorage());
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
  setToken('tok');
});
afterEach(() => vi.unstubAllGlobals());

const me = participant({ id: 'user:u1', label: 'Me' });

function lastCall(): { url: string; method: string; body: unknown; auth: string | undefined } {
  const [url, init] = fetchMock.mock.calls.at(-1) as [string, RequestInit];
  const headers = init.headers as Record<string, string>;
  return {
    url,
    method: init.method ?? 'GET',
    body: init.body === undefined ? undefined : JSON.parse(String(init.body)),
    auth: headers.authorization,
  };
}

describe('participant calls (doc 2 §7)', () => {
  it('saves route options with POST …/participants/:pid/routeOptions and parses { participant }', async () => {
    fetchMock.mockResolvedValue(
      json(200, {
        participant: {
          ...me,
          routeOptions: { travelMode: 'walking', routeType: 'shortest', avoidTolls: true },
        },
      }),
    );
    const answer = await saveRouteOptions('abc2345', 'user:u1', {
      travelMode: 'walking',
      routeType: 'shortest',
      avoidTolls: true,
    });
    expect(lastCall()).toEqual({
      url: '/api/sessions/abc2345/participants/user%3Au1/routeOptions',
      method: 'POST',
      body: { travelMode: 'walking', routeType: 'shortest', avoidTolls: true },
      auth: 'Bearer tok',
    });
    expect(answer.participant.routeOptions.travelMode).toBe('walking');
  });

  it('sets enroute with POST …/enroute { enroute }', async () => {
    fetchMock.mockResolvedValue(json(200, { participant: { ...me, enroute: true } }));
    const answer = await setEnroute('abc2345', 'user:u1', true);
    expect(lastCall()).toMatchObject({
      url: '/api/sessions/abc2345/participants/user%3Au1/enroute',
      method: 'POST',
      body: { enroute: true },
    });
    expect(answer.participant.enroute).toBe(true);
  });

  it('removes with DELETE …/participants/:pid and leaves with POST …/leave, both answering { participants }', async () => {
    fetchMock.mockResolvedValue(json(200, { participants: [me] }));
    expect((await removeParticipant('abc2345', 'user:u2')).participants).toHaveLength(1);
    expect(lastCall()).toMatchObject({
      url: '/api/sessions/abc2345/participants/user%3Au2',
      method: 'DELETE',
      body: undefined,
    });
    fetchMock.mockResolvedValue(json(200, { participants: [] }));
    await leaveSession('abc2345', 'user:u1');
    expect(lastCall()).toMatchObject({
      url: '/api/sessions/abc2345/participants/user%3Au1/leave',
      method: 'POST',
      body: undefined,
    });
  });

  it('cancels an invite with DELETE /api/sessions/:id/invites/:inviteId', async () => {
    fetchMock.mockResolvedValue(json(200, { participants: [] }));
    await cancelInvite('abc2345', 'inv-1');
    expect(lastCall()).toMatchObject({
      url: '/api/sessions/abc2345/invites/inv-1',
      method: 'DELETE',
    });
  });

  it("shows the server's error when it gives one, else the panel's generic text", async () => {
    fetchMock.mockResolvedValue(
      json(403, { error: 'Only the session owner can do this', code: 'only_owner' }),
    );
    await expect(removeParticipant('abc2345', 'user:u2')).rejects.toMatchObject({
      message: 'Only the session owner can do this',
      status: 403,
    });
    fetchMock.mockImplementation(() => Promise.resolve(new Response('', { status: 500 })));
    await expect(removeParticipant('abc2345', 'user:u2')).rejects.toMatchObject({
      message: 'Could not remove participant',
    });
    await expect(setEnroute('abc2345', 'user:u1', false)).rejects.toMatchObject({
      message: 'Could not update enroute state',
    });
    await expect(saveRouteOptions('abc2345', 'user:u1', me.routeOptions)).rejects.toMatchObject({
      message: 'Could not save route options',
    });
    await expect(leaveSession('abc2345', 'user:u1')).rejects.toMatchObject({
      message: 'Could not leave session',
    });
    await expect(cancelInvite('abc2345', 'i')).rejects.toMatchObject({
      message: 'Could not cancel invite',
    });
  });

  it('needs a token: no request without one', async () => {
    localStorage.clear();
    await expect(setEnroute('abc2345', 'user:u1', true)).rejects.toBeInstanceOf(ApiError);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
