import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { myInvitesResponseSchema } from '@oneeta/contracts';
import { bearer, createSession, destination } from './factories.js';
import { startSession, type SessionHarness, type TestUser } from './helpers.js';
import { accept, invite } from './membership.js';

/**
 * GET /api/sessions/my-invites: an invitee signed in with a VERIFIED e-mail sees the pending
 * invites addressed to it (with their own code, for the invite page); nobody else sees them.
 */
let h: SessionHarness;
let owner: TestUser;

beforeAll(async () => {
  h = await startSession();
  owner = await h.user({ plan: 'premium', name: 'Olivia Owner' });
});
afterAll(() => h.close());

const myInvites = (token: string | null, query: Record<string, string> = {}) =>
  h.app.inject({
    method: 'GET',
    url: '/api/sessions/my-invites',
    query,
    headers: token ? bearer(token) : {},
  });

const uniqueEmail = (tag: string) =>
  `${tag}-${Math.random().toString(36).slice(2, 10)}@example.test`;

describe('GET /api/sessions/my-invites', () => {
  it('lists the pending invites addressed to the caller’s verified e-mail, newest first, each with its code, destination and inviter', async () => {
    const email = uniqueEmail('vera');
    const vera = await h.user({ email, name: 'Vera' });
    const first = await createSession(h, owner, {
      destination: destination({ name: 'Pike Place Market' }),
    });
    const second = await createSession(h, owner, {
      destination: destination({ id: 'place-needle', name: 'Space Needle' }),
    });
    const a = await invite(h, owner, first.sessionId, email, 'Vera A');
    // The e-mail is matched whatever its case.
    const b = await invite(h, owner, second.sessionId, email.toUpperCase(), 'Vera B');

    const res = await myInvites(vera.token);
    expect(res.statusCode).toBe(200);
    const body = myInvitesResponseSchema.parse(res.json());
    expect(body.emailVerified).toBe(true);
    expect(body.items.map((i) => [i.sessionId, i.inviteId, i.code])).toEqual([
      [second.sessionId, b.id, b.code],
      [first.sessionId, a.id, a.code],
    ]);
    expect(body.items[0]).toMatchObject({
      destinationName: 'Space Needle',
      inviterName: 'Olivia Owner',
      tzId: second.tzId,
      arriveAt: second.arriveAt,
      name: 'Vera B',
    });
  });

  it('drops an invite once it is accepted, declined, cancelled or its session closed', async () => {
    const email = uniqueEmail('gone');
    const gone = await h.user({ email });
    const sessions = await Promise.all([0, 1, 2, 3, 4].map(() => createSession(h, owner)));
    const codes = [];
    for (const s of sessions) codes.push(await invite(h, owner, s.sessionId, email));
    expect(myInvitesResponseSchema.parse((await myInvites(gone.token)).json()).items).toHaveLength(
      5,
    );

    expect((await accept(h, gone, sessions[0]!.sessionId, codes[0]!.code)).statusCode).toBe(200);
    const declined = await h.app.inject({
      method: 'POST',
      url: `/api/sessions/${sessions[1]!.sessionId}/invite/${codes[1]!.code}/decline`,
    });
    expect(declined.statusCode).toBe(200);
    const cancelled = await h.app.inject({
      method: 'DELETE',
      url: `/api/sessions/${sessions[2]!.sessionId}/invites/${codes[2]!.id}`,
      headers: bearer(owner.token),
    });
    expect(cancelled.statusCode).toBe(200);
    const closed = await h.app.inject({
      method: 'POST',
      url: `/api/sessions/${sessions[3]!.sessionId}/close`,
      headers: bearer(owner.token),
      payload: { confirm: true },
    });
    expect(closed.statusCode).toBe(200);

    const left = myInvitesResponseSchema.parse((await myInvites(gone.token)).json()).items;
    expect(left.map((i) => i.sessionId)).toEqual([sessions[4]!.sessionId]);
  });

  it('shows nothing to an account whose e-mail is not verified, and says so', async () => {
    const email = uniqueEmail('squat');
    const session = await createSession(h, owner);
    const created = await invite(h, owner, session.sessionId, email);
    const squatter = await h.user({ email, emailVerified: false });
    const res = await myInvites(squatter.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ items: [], emailVerified: false });
    expect(res.body).not.toContain(created.code);
  });

  it('shows other people’s invites to nobody: a different verified account and the owner see none of them', async () => {
    const email = uniqueEmail('private');
    const session = await createSession(h, owner);
    const created = await invite(h, owner, session.sessionId, email);
    const other = await h.user({ email: uniqueEmail('other') });
    for (const token of [other.token, owner.token]) {
      const res = await myInvites(token);
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain(created.code);
      expect(
        myInvitesResponseSchema.parse(res.json()).items.some((i) => i.inviteId === created.id),
      ).toBe(false);
    }
  });

  it('answers 401 without a token', async () => {
    const res = await myInvites(null);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toHaveProperty('error');
  });

  it.each([['0'], ['51'], ['ten'], ['2.5']])(
    'answers 400 with an error for limit=%s',
    async (limit) => {
      const vera = await h.user();
      const res = await myInvites(vera.token, { limit });
      expect(res.statusCode).toBe(400);
      expect(typeof res.json().error).toBe('string');
    },
  );

  it('honours limit', async () => {
    const email = uniqueEmail('many');
    const many = await h.user({ email });
    for (let i = 0; i < 3; i++)
      await invite(h, owner, (await createSession(h, owner)).sessionId, email);
    const body = myInvitesResponseSchema.parse(
      (await myInvites(many.token, { limit: '2' })).json(),
    );
    expect(body.items).toHaveLength(2);
  });
});
