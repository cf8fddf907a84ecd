import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, PLAN_TABLE, SESSION_MESSAGES, type Plan } from '@oneeta/contracts';
import { bearer, createSession, getSession } from './factories.js';
import { startSession, type SessionHarness, type TestUser } from './helpers.js';
import { accept, invite, join } from './membership.js';

let h: SessionHarness;
beforeAll(async () => {
  h = await startSession();
});
afterAll(() => h.close());

const postInvite = (owner: TestUser, id: string, email: string) =>
  h.app.inject({
    method: 'POST',
    url: `/api/sessions/${id}/invites`,
    headers: bearer(owner.token),
    payload: { name: 'X', email },
  });

describe('invite limit by the owner plan (accepted plus pending)', () => {
  it.each([
    ['free', 3],
    ['standard', 5],
    ['premium', 12],
    ['enterprise', 50],
  ] as Array<[Plan, number]>)(
    "%s: %i invites, then 403 'Invite limit reached'",
    async (plan, max) => {
      expect(PLAN_TABLE[plan].invitesPerSession).toBe(max);
      const owner = await h.user({ plan });
      const { sessionId } = await createSession(h, owner);
      for (let i = 0; i < max; i++)
        expect((await postInvite(owner, sessionId, `p${i}@example.test`)).statusCode).toBe(201);
      const over = await postInvite(owner, sessionId, 'one-more@example.test');
      expect(over.statusCode).toBe(403);
      expect(over.json()).toEqual({ error: MESSAGES.inviteLimitReached, code: 'invite_limit' });
    },
  );

  it('counts accepted invites but not declined ones', async () => {
    const owner = await h.user({ plan: 'free' });
    const { sessionId } = await createSession(h, owner);
    const guest = await h.user({ plan: 'standard' });
    await join(h, owner, sessionId, guest);
    await invite(h, owner, sessionId, 'b@example.test');
    const declined = await invite(h, owner, sessionId, 'c@example.test');
    expect((await postInvite(owner, sessionId, 'd@example.test')).statusCode).toBe(403);
    const decline = await h.app.inject({
      method: 'POST',
      url: `/api/sessions/${sessionId}/invite/${declined.code}/decline`,
    });
    expect(decline.statusCode).toBe(200);
    expect((await postInvite(owner, sessionId, 'd@example.test')).statusCode).toBe(201);
  });
});

describe('invites used: who left or was removed frees their place', () => {
  const invitesUsedOf = async (owner: TestUser, id: string) =>
    (await getSession(h, id, owner.token)).json().session.invitesUsed;

  it('free: invite 3, all accept, one leaves and the owner removes another: the count is 1 and a new invite is sent', async () => {
    const owner = await h.user({ plan: 'free' });
    const { sessionId } = await createSession(h, owner);
    const [a, b, c] = [
      await h.user({ plan: 'standard' }),
      await h.user({ plan: 'standard' }),
      await h.user({ plan: 'standard' }),
    ];
    for (const u of [a!, b!, c!]) await join(h, owner, sessionId, u);
    expect(await invitesUsedOf(owner, sessionId)).toBe(3);
    expect((await postInvite(owner, sessionId, 'full@example.test')).statusCode).toBe(403);

    const left = await h.app.inject({
      method: 'POST',
      url: `/api/sessions/${sessionId}/participants/user:${a!.id}/leave`,
      headers: bearer(a!.token),
    });
    expect(left.statusCode).toBe(200);
    const removed = await h.app.inject({
      method: 'DELETE',
      url: `/api/sessions/${sessionId}/participants/user:${b!.id}`,
      headers: bearer(owner.token),
    });
    expect(removed.statusCode).toBe(200);
    expect(await invitesUsedOf(owner, sessionId)).toBe(1);

    expect((await postInvite(owner, sessionId, 'new-1@example.test')).statusCode).toBe(201);
    expect(await invitesUsedOf(owner, sessionId)).toBe(2);
    expect((await postInvite(owner, sessionId, 'new-2@example.test')).statusCode).toBe(201);
    expect(await invitesUsedOf(owner, sessionId)).toBe(3);
    const over = await postInvite(owner, sessionId, 'new-3@example.test');
    expect(over.statusCode).toBe(403);
    expect(over.json()).toEqual({ error: MESSAGES.inviteLimitReached, code: 'invite_limit' });
  });

  it('someone who left and is invited again counts once', async () => {
    const owner = await h.user({ plan: 'free' });
    const { sessionId } = await createSession(h, owner);
    const guest = await h.user({ plan: 'standard' });
    await join(h, owner, sessionId, guest);
    await h.app.inject({
      method: 'POST',
      url: `/api/sessions/${sessionId}/participants/user:${guest.id}/leave`,
      headers: bearer(guest.token),
    });
    expect(await invitesUsedOf(owner, sessionId)).toBe(0);
    await join(h, owner, sessionId, guest);
    expect(await invitesUsedOf(owner, sessionId)).toBe(1);
  });
});

describe('joined-open-sessions limit of the accepting user', () => {
  /** Sessions of different premium owners, each with an invite for `user`. */
  const openInvites = async (user: TestUser, n: number) => {
    const out: Array<{ owner: TestUser; id: string; code: string }> = [];
    for (let i = 0; i < n; i++) {
      const owner = await h.user({ plan: 'premium' });
      const { sessionId } = await createSession(h, owner);
      out.push({
        owner,
        id: sessionId,
        code: (await invite(h, owner, sessionId, user.email)).code,
      });
    }
    return out;
  };

  it.each([
    ['free', 1],
    ['standard', 5],
  ] as Array<[Plan, number]>)(
    '%s: joins %i open sessions, then 403 with the joined-limit message',
    async (plan, max) => {
      const user = await h.user({ plan });
      const invites = await openInvites(user, max + 1);
      for (const inv of invites.slice(0, max))
        expect((await accept(h, user, inv.id, inv.code)).statusCode).toBe(200);
      const last = invites[max]!;
      const refused = await accept(h, user, last.id, last.code);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ error: SESSION_MESSAGES.joinedLimit, code: 'joined_limit' });
      const view = await h.app.inject({
        method: 'GET',
        url: `/api/sessions/${last.id}/invite/${last.code}`,
      });
      expect(view.json().invite.status).toBe('pending');
    },
  );

  it('premium: joins any number of open sessions', async () => {
    const user = await h.user({ plan: 'premium' });
    for (const inv of await openInvites(user, 7))
      expect((await accept(h, user, inv.id, inv.code)).statusCode).toBe(200);
  });

  it('a closed session no longer counts against the limit', async () => {
    const user = await h.user({ plan: 'free' });
    const [first, second] = await openInvites(user, 2);
    expect((await accept(h, user, first!.id, first!.code)).statusCode).toBe(200);
    expect((await accept(h, user, second!.id, second!.code)).statusCode).toBe(403);
    const close = await h.app.inject({
      method: 'POST',
      url: `/api/sessions/${first!.id}/close`,
      headers: bearer(first!.owner.token),
      payload: { confirm: true },
    });
    expect(close.statusCode).toBe(200);
    expect((await accept(h, user, second!.id, second!.code)).statusCode).toBe(200);
  });
});

describe('participants limit of the owner plan', () => {
  it('free owner: with two guests placed on the map, the first invitee joins and the second gets 403', async () => {
    const owner = await h.user({ plan: 'free' });
    const guests = [
      { id: 'g-1', name: 'Mom', lat: 47.1, lon: -122.1 },
      { id: 'g-2', name: 'Dad', lat: 47.2, lon: -122.2 },
    ];
    const { sessionId } = await createSession(h, owner, { participants: guests });
    const [a, b] = [await h.user({ plan: 'standard' }), await h.user({ plan: 'standard' })];
    const [invA, invB] = [
      await invite(h, owner, sessionId, a.email),
      await invite(h, owner, sessionId, b.email),
    ];
    expect((await accept(h, a, sessionId, invA.code)).statusCode).toBe(200);
    const refused = await accept(h, b, sessionId, invB.code);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      error: SESSION_MESSAGES.participantLimit,
      code: 'participant_limit',
    });
  });

  it('standard owner: five participants besides the owner (a map-placed guest counts), then 403', async () => {
    const owner = await h.user({ plan: 'standard' });
    const { sessionId } = await createSession(h, owner, {
      participants: [{ id: 'g-1', name: 'Mom', lat: 47.1, lon: -122.1 }],
    });
    const users = await Promise.all([1, 2, 3, 4, 5].map(() => h.user({ plan: 'premium' })));
    const codes: string[] = [];
    for (const u of users) codes.push((await invite(h, owner, sessionId, u.email)).code);
    for (let i = 0; i < 4; i++)
      expect((await accept(h, users[i]!, sessionId, codes[i]!)).statusCode).toBe(200);
    const refused = await accept(h, users[4]!, sessionId, codes[4]!);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('participant_limit');
  });
});
