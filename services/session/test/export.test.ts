import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionUserExportSchema } from '@oneeta/contracts';
import { createSession } from './factories.js';
import { invite, join, proposeTwoPlaces, SEATTLE, voteFor } from './membership.js';
import { INTERNAL_TOKEN, startSession, type SessionHarness, type TestUser } from './helpers.js';

let h: SessionHarness;
beforeAll(async () => {
  h = await startSession();
});
afterAll(() => h.close());

const exportOf = (userId: string, token: string | null = INTERNAL_TOKEN) =>
  h.app.inject({
    method: 'GET',
    url: `/internal/users/${userId}/export`,
    headers: token ? { 'x-internal-token': token } : {},
  });

describe('GET /internal/users/:id/export', () => {
  it('needs the internal token', async () => {
    const user = await h.user();
    for (const token of [null, 'wrong-token-wrong-token-wrong']) {
      const res = await exportOf(user.id, token);
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('internal_only');
    }
  });

  it("answers the sessions the account owns and joined, its rows with their positions and the invites it sent, nobody else's", async () => {
    const owner = await h.user({ plan: 'standard' });
    const member = await h.user();
    const other = await h.user({ plan: 'standard' });
    const mine = await createSession(h, owner);
    const theirs = await createSession(h, other);
    await join(h, other, theirs.sessionId, owner);
    await join(h, owner, mine.sessionId, member);
    await invite(h, owner, mine.sessionId, 'pending-guest@example.com', 'Pending Guest');

    const res = await exportOf(owner.id);
    expect(res.statusCode).toBe(200);
    const body = sessionUserExportSchema.parse(res.json());
    expect(body.sessions.map((s) => [s.id, s.role]).sort()).toEqual(
      [
        [mine.sessionId, 'owner'],
        [theirs.sessionId, 'participant'],
      ].sort(),
    );
    const joined = body.participants.find((p) => p.sessionId === theirs.sessionId)!;
    expect(joined).toMatchObject({
      id: `user:${owner.id}`,
      status: 'active',
      lat: SEATTLE.lat,
      lon: SEATTLE.lon,
    });
    expect(body.participants.every((p) => p.id === `user:${owner.id}` || p.isOwner)).toBe(true);
    expect(body.invitesSent.map((i) => i.email).sort()).toEqual(
      ['pending-guest@example.com', member.email].sort(),
    );
    expect(res.body).not.toContain(other.email);

    // An account the service has never seen: empty lists.
    const nobody = sessionUserExportSchema.parse((await exportOf('never-seen')).json());
    expect(nobody).toEqual({
      sessions: [],
      participants: [],
      invitesSent: [],
      suggestionVotes: [],
    });
  });

  it('answers the account’s suggestion votes: which suggestion, which place, when; nobody else’s', async () => {
    const owner = await h.user({ plan: 'standard' });
    const member = await h.user();
    const s = await createSession(h, owner);
    await join(h, owner, s.sessionId, member);
    const sid = await proposeTwoPlaces(h, owner, s.sessionId);
    const vote = (u: TestUser, index: number) => voteFor(h, u, s.sessionId, sid, index);
    const before = Date.now();
    await vote(member, 0);
    await vote(member, 1);
    await vote(owner, 0);

    const mine = sessionUserExportSchema.parse((await exportOf(member.id)).json());
    expect(mine.suggestionVotes).toEqual([
      {
        sessionId: s.sessionId,
        suggestionId: sid,
        placeIndex: 1,
        placeName: 'Volunteer Park',
        votedAt: expect.any(String),
      },
    ]);
    expect(Date.parse(mine.suggestionVotes[0]!.votedAt)).toBeGreaterThanOrEqual(before - 1000);
    const theirs = sessionUserExportSchema.parse((await exportOf(owner.id)).json());
    expect(theirs.suggestionVotes.map((v) => [v.suggestionId, v.placeIndex, v.placeName])).toEqual([
      [sid, 0, 'Café Alma'],
    ]);
  });
});
