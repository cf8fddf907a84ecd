import { MESSAGES, sessionResponseSchema } from '@oneeta/contracts';
import {
  bearer,
  createSession,
  invite,
  join,
  startSession,
  type SessionHarness,
  type TestUser,
} from '@oneeta/session/testing';
import { eventually, publishUserChanged } from '@oneeta/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { membershipFromConfig, sessionServiceMembership } from '../src/session-membership.js';
import { deadUrl, urlOf } from './helpers.js';
import { startWsFixture, type WsFixture } from './ws-fixture.js';

/**
 * The /ws hub asks the real session service (its app on a port, over a throwaway database) who may
 * follow a session: its owner, an active participant, an invitee holding a pending row, and an
 * invitee invited by e-mail whose invite no row holds yet.
 */
let h: SessionHarness;
let sessionUrl: string;
let INTERNAL_TOKEN: string;
let ws: WsFixture;
let sessionId: string;
let owner: TestUser;
let participant: TestUser;
let emailInvitee: TestUser;
let stranger: TestUser;

beforeAll(async () => {
  h = await startSession();
  await h.app.listen({ port: 0, host: '127.0.0.1' });
  sessionUrl = urlOf(h.app);
  INTERNAL_TOKEN = h.config.INTERNAL_TOKEN!;
  [owner, participant, emailInvitee, stranger] = await Promise.all([
    h.user({ plan: 'premium' }),
    h.user(),
    h.user({ email: 'Ivy.Invited@example.test' }),
    h.user(),
  ]);
  sessionId = (await createSession(h, owner)).sessionId;
  await join(h, owner, sessionId, participant);
  await invite(h, owner, sessionId, 'ivy.invited@example.test');
  ws = await startWsFixture({ SESSION_URL: sessionUrl, INTERNAL_TOKEN });
});
afterAll(async () => {
  await ws.close();
  await h.close();
});

/** A gateway token for a session-service user (the hub knows users by id and e-mail). */
const tokenOf = (u: TestUser) => ws.sign({ sub: u.id, email: u.email });

describe('/ws membership through the session service', () => {
  it('lets the owner, a participant and an invitee invited by e-mail subscribe', async () => {
    for (const u of [owner, participant, emailInvitee]) {
      const client = await ws.connect();
      await client.subscribe(sessionId, await tokenOf(u));
    }
  });

  it("refuses a signed-in non-member and an unknown session with 'You are not a member of this session'", async () => {
    for (const [id, u] of [
      [sessionId, stranger],
      ['nope-unknown-session', owner],
    ] as const) {
      const client = await ws.connect();
      client.send({ action: 'subscribe', sessionId: id, token: await tokenOf(u) });
      expect(await client.next({ type: 'error', sessionId: id })).toEqual({
        type: 'error',
        error: MESSAGES.wsNotMember,
        code: 'not_member',
        sessionId: id,
      });
    }
    expect(ws.gateway.app.wsHub.subscribedSessions()).not.toContain('nope-unknown-session');
  });

  it('answers membership_unavailable when the session service cannot be reached', async () => {
    const down = await startWsFixture({ SESSION_URL: await deadUrl(), INTERNAL_TOKEN });
    try {
      const client = await down.connect();
      client.send({ action: 'subscribe', sessionId, token: down.token });
      expect(await client.next({ type: 'error', sessionId })).toMatchObject({
        code: 'membership_unavailable',
      });
    } finally {
      await down.close();
    }
  });
});

describe("/ws 'subscribed' frame carries the session's revision", () => {
  const subscribedFrame = async (token: string) => {
    const client = await ws.connect();
    client.send({ action: 'subscribe', sessionId, token });
    return { client, frame: await client.next({ type: 'subscribed', sessionId }) };
  };
  const revisionOnGet = async () => {
    const res = await h.app.inject({
      method: 'GET',
      url: `/api/sessions/${sessionId}`,
      headers: bearer(owner.token),
    });
    return sessionResponseSchema.parse(res.json()).session.revision;
  };

  it('is the revision GET answers, and the new one after a change, on a new and a repeated subscribe', async () => {
    const token = await tokenOf(owner);
    const before = await revisionOnGet();
    const { client, frame } = await subscribedFrame(token);
    expect(frame).toEqual({ type: 'subscribed', sessionId, revision: before });

    await createSession(h, owner, {
      sessionId,
      arriveAt: new Date(Date.now() + 40 * 3600_000).toISOString(),
    });
    expect(await revisionOnGet()).toBe(before + 1);
    expect((await subscribedFrame(token)).frame).toEqual({
      type: 'subscribed',
      sessionId,
      revision: before + 1,
    });
    // Subscribing again on a socket that already follows the session answers the current one too.
    const seen = client.frames.length;
    client.send({ action: 'subscribe', sessionId, token });
    await eventually(() => client.frames.length > seen);
    expect(client.frames.at(-1)).toEqual({ type: 'subscribed', sessionId, revision: before + 1 });
  });

  it('is left out when it cannot be read (the page then refetches)', async () => {
    // An administrator may follow without a membership call; the revision read then fails.
    const down = await startWsFixture({ SESSION_URL: await deadUrl(), INTERNAL_TOKEN });
    try {
      const client = await down.connect();
      client.send({
        action: 'subscribe',
        sessionId,
        token: await down.sign({ sub: 'admin-revision', isAdmin: true }),
      });
      expect(await client.next({ type: 'subscribed', sessionId })).toEqual({
        type: 'subscribed',
        sessionId,
      });
    } finally {
      await down.close();
    }
  });
});

describe('/ws membership re-checked when nudges arrive', () => {
  it("drops a removed participant's subscription with not_member at a later nudge, and keeps the owner's", async () => {
    const recheck = await startWsFixture({
      SESSION_URL: sessionUrl,
      INTERNAL_TOKEN,
      WS_MEMBERSHIP_RECHECK_MS: '100',
    });
    try {
      const removed = await h.user();
      const pid = await join(h, owner, sessionId, removed);
      const token = (u: TestUser) => recheck.sign({ sub: u.id, email: u.email });
      const [ownerSocket, removedSocket] = await Promise.all([
        recheck.connect(),
        recheck.connect(),
      ]);
      await ownerSocket.subscribe(sessionId, await token(owner));
      await removedSocket.subscribe(sessionId, await token(removed));
      await recheck.nudge(sessionId);
      await removedSocket.next({ type: 'refresh-session', sessionId });

      const removal = await h.app.inject({
        method: 'DELETE',
        url: `/api/sessions/${sessionId}/participants/${pid}`,
        headers: bearer(owner.token),
      });
      expect(removal.statusCode).toBe(200);
      const dropped = await eventually(async () => {
        await recheck.nudge(sessionId);
        return removedSocket.frames.find((frame) => frame.type === 'error');
      });
      expect(dropped).toEqual({
        type: 'error',
        error: MESSAGES.wsNotMember,
        code: 'not_member',
        sessionId,
      });

      // No more nudges for the removed socket; the owner still gets every one.
      const seen = removedSocket.frames.length;
      const ownerSeen = ownerSocket.frames.length;
      await recheck.nudge(sessionId);
      await eventually(() => ownerSocket.frames.length > ownerSeen);
      expect(removedSocket.frames).toHaveLength(seen);
      expect(removedSocket.closed).toBe(false);
    } finally {
      await recheck.close();
    }
  });
});

describe('/ws membership after a change of who belongs', () => {
  it('asks again at once on a session frame without changes, however long answers are kept', async () => {
    const kept = await startWsFixture({
      SESSION_URL: sessionUrl,
      INTERNAL_TOKEN,
      WS_MEMBERSHIP_RECHECK_MS: '600000',
    });
    try {
      const removed = await h.user();
      const pid = await join(h, owner, sessionId, removed);
      const socket = await kept.connect();
      await socket.subscribe(sessionId, await kept.sign({ sub: removed.id, email: removed.email }));
      const removal = await h.app.inject({
        method: 'DELETE',
        url: `/api/sessions/${sessionId}/participants/${pid}`,
        headers: bearer(owner.token),
      });
      expect(removal.statusCode).toBe(200);
      // The removal's frame carries no changes: the answer kept from the subscribe is dropped.
      await kept.nudge(sessionId);
      expect(await socket.next({ type: 'error', sessionId })).toEqual({
        type: 'error',
        error: MESSAGES.wsNotMember,
        code: 'not_member',
        sessionId,
      });
    } finally {
      await kept.close();
    }
  });
});

describe('/ws membership by the current account, not the token', () => {
  const refused = async (token: string) => {
    const client = await ws.connect();
    client.send({ action: 'subscribe', sessionId, token });
    return client.next({ type: 'error', sessionId });
  };

  it("refuses 'not_member' to an unverified account holding an invitee's address, and lets it in once verified", async () => {
    const squatter = await h.user();
    const account = {
      id: squatter.id,
      email: 'ivy.invited@example.test',
      name: null,
      plan: 'free' as const,
      isAdmin: false,
    };
    const token = await ws.sign({ sub: account.id, email: account.email, emailVerified: false });
    expect(await refused(token)).toMatchObject({ code: 'not_member' });

    await publishUserChanged(ws.bus, { ...account, emailVerified: true }, ['emailVerified']);
    await expect
      .poll(async () => {
        const client = await ws.connect();
        client.send({ action: 'subscribe', sessionId, token });
        return (await client.next({ sessionId })).type;
      })
      .toBe('subscribed');
  });

  it("takes the admin bypass away from an old admin token once the account's admin right is revoked", async () => {
    const id = `admin-${sessionId}`;
    const token = await ws.sign({ sub: id, isAdmin: true });
    const client = await ws.connect();
    await client.subscribe(sessionId, token);

    await publishUserChanged(
      ws.bus,
      {
        id,
        email: `${id}@example.com`,
        emailVerified: true,
        name: null,
        plan: 'free',
        isAdmin: false,
      },
      ['isAdmin'],
    );
    await expect.poll(async () => (await refused(token)).code).toBe('not_member');
  });

  it('sends the e-mail for membership only when it is verified', async () => {
    const check = sessionServiceMembership({ sessionUrl, internalToken: INTERNAL_TOKEN });
    const ivy = {
      id: stranger.id,
      email: 'ivy.invited@example.test',
      name: null,
      plan: 'free' as const,
      isAdmin: false,
    };
    expect(await check({ ...ivy, emailVerified: false }, sessionId)).toBe(false);
    expect(await check({ ...ivy, emailVerified: true }, sessionId)).toBe(true);
  });
});

describe('sessionServiceMembership', () => {
  const asUser = (u: TestUser) => ({
    id: u.id,
    email: u.email,
    emailVerified: true,
    name: u.name,
    plan: u.plan,
    isAdmin: false,
  });

  it('answers the member flag of the contract, and false for an unknown session', async () => {
    const check = sessionServiceMembership({ sessionUrl, internalToken: INTERNAL_TOKEN });
    expect(await check(asUser(participant), sessionId)).toBe(true);
    expect(await check(asUser(emailInvitee), sessionId)).toBe(true);
    expect(await check(asUser(stranger), sessionId)).toBe(false);
    expect(await check(asUser(participant), 'unknown')).toBe(false);
  });

  it('lets an administrator follow any session without asking (the service may even be down)', async () => {
    const check = sessionServiceMembership({
      sessionUrl: await deadUrl(),
      internalToken: INTERNAL_TOKEN,
    });
    expect(await check({ ...asUser(stranger), isAdmin: true }, 'anything')).toBe(true);
  });

  it('answers false for ids the service cannot know (encoded into the path, never a different route)', async () => {
    const check = sessionServiceMembership({ sessionUrl, internalToken: INTERNAL_TOKEN });
    expect(await check({ ...asUser(owner), id: '../members/x' }, sessionId)).toBe(false);
    expect(await check(asUser(owner), 's 1/../x')).toBe(false);
  });

  it('throws on a wrong token (403) or an unreachable service', async () => {
    const wrong = sessionServiceMembership({
      sessionUrl,
      internalToken: 'not-the-token-0123456789',
    });
    await expect(wrong(asUser(owner), sessionId)).rejects.toThrow(/403/);
    const dead = sessionServiceMembership({
      sessionUrl: await deadUrl(),
      internalToken: INTERNAL_TOKEN,
    });
    await expect(dead(asUser(owner), sessionId)).rejects.toThrow();
  });

  it('needs both SESSION_URL and INTERNAL_TOKEN: without either it throws instead of letting anyone follow', async () => {
    expect(() => membershipFromConfig({ SESSION_URL: sessionUrl })).toThrow(
      /missing: INTERNAL_TOKEN/,
    );
    expect(() => membershipFromConfig({ INTERNAL_TOKEN })).toThrow(/missing: SESSION_URL/);
    expect(() => membershipFromConfig({})).toThrow(/missing: SESSION_URL, INTERNAL_TOKEN/);
    expect(
      await membershipFromConfig({ SESSION_URL: sessionUrl, INTERNAL_TOKEN })(
        asUser(stranger),
        sessionId,
      ),
    ).toBe(false);
  });
});
