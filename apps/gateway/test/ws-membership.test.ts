import { MESSAGES, membershipResponseSchema } from '@oneeta/contracts';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anySignedInUser } from '../src/ws-hub.js';
import { membershipFromConfig, sessionServiceMembership } from '../src/session-membership.js';
import { deadUrl, urlOf } from './helpers.js';
import { startWsFixture, type WsFixture } from './ws-fixture.js';

const INTERNAL_TOKEN = 'gateway-internal-token-0123456789';

/**
 * A real upstream speaking the session service's contract: GET /internal/sessions/:id/members/:userId
 * with x-internal-token, answering membershipResponseSchema (404 for an unknown session).
 */
async function startSessionStandIn() {
  const asked: { path: string; token: string | undefined }[] = [];
  const members: Record<string, Record<string, 'owner' | 'participant' | 'invitee'>> = {
    s1: { u1: 'owner', u2: 'participant', u3: 'invitee' },
  };
  const app: FastifyInstance = Fastify();
  app.get<{ Params: { id: string; userId: string } }>('/internal/sessions/:id/members/:userId', async (request, reply) => {
    const token = request.headers['x-internal-token'] as string | undefined;
    asked.push({ path: request.url, token });
    if (token !== INTERNAL_TOKEN) return reply.status(403).send({ error: 'Internal route', code: 'internal_only' });
    if (request.params.id === 'broken') return reply.status(503).send({ error: 'down' });
    const session = members[request.params.id];
    if (!session) return reply.status(404).send({ error: 'Session not found', code: 'not_found' });
    const role = session[request.params.userId] ?? null;
    return membershipResponseSchema.parse({ member: role !== null, role });
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, url: urlOf(app), asked };
}

let upstream: Awaited<ReturnType<typeof startSessionStandIn>>;
let ws: WsFixture;

beforeAll(async () => {
  upstream = await startSessionStandIn();
  ws = await startWsFixture({ SESSION_URL: upstream.url, INTERNAL_TOKEN });
});
afterAll(async () => {
  await ws.close();
  await upstream.app.close();
});

describe('/ws membership through the session service', () => {
  it('lets the owner, a participant and an invitee subscribe, sending the internal token', async () => {
    for (const sub of ['u1', 'u2', 'u3']) {
      const client = await ws.connect();
      await client.subscribe('s1', await ws.sign({ sub }));
    }
    expect(upstream.asked.map((a) => a.path)).toEqual(expect.arrayContaining(['/internal/sessions/s1/members/u2']));
    expect(upstream.asked.every((a) => a.token === INTERNAL_TOKEN)).toBe(true);
  });

  it("refuses a signed-in non-member and an unknown session with 'You are not a member of this session'", async () => {
    for (const [sessionId, sub] of [['s1', 'stranger'], ['nope', 'u1']] as const) {
      const client = await ws.connect();
      client.send({ action: 'subscribe', sessionId, token: await ws.sign({ sub }) });
      expect(await client.next({ type: 'error', sessionId })).toEqual({
        type: 'error',
        error: MESSAGES.wsNotMember,
        code: 'not_member',
        sessionId,
      });
    }
    expect(ws.gateway.app.wsHub.subscribedSessions()).not.toContain('nope');
  });

  it('answers membership_unavailable when the session service fails', async () => {
    const client = await ws.connect();
    client.send({ action: 'subscribe', sessionId: 'broken', token: ws.token });
    expect(await client.next({ type: 'error', sessionId: 'broken' })).toMatchObject({ code: 'membership_unavailable' });
  });
});

describe('sessionServiceMembership', () => {
  const user = { id: 'u2', email: 'u2@example.com', name: null, plan: 'free' as const, isAdmin: false };

  it('answers the member flag of the contract, and false for an unknown session', async () => {
    const check = sessionServiceMembership({ sessionUrl: upstream.url, internalToken: INTERNAL_TOKEN });
    expect(await check(user, 's1')).toBe(true);
    expect(await check({ ...user, id: 'stranger' }, 's1')).toBe(false);
    expect(await check(user, 'unknown')).toBe(false);
  });

  it('encodes ids into the path and lets an administrator follow any session without asking', async () => {
    const check = sessionServiceMembership({ sessionUrl: upstream.url, internalToken: INTERNAL_TOKEN });
    const before = upstream.asked.length;
    expect(await check({ ...user, isAdmin: true }, 'anything')).toBe(true);
    expect(upstream.asked).toHaveLength(before);
    expect(await check({ ...user, id: 'a/b' }, 's 1')).toBe(false);
    expect(upstream.asked.at(-1)?.path).toBe('/internal/sessions/s%201/members/a%2Fb');
  });

  it('throws on a wrong token (403) or an unreachable service', async () => {
    const wrong = sessionServiceMembership({ sessionUrl: upstream.url, internalToken: 'not-the-token-0123456789' });
    await expect(wrong(user, 's1')).rejects.toThrow(/403/);
    const dead = sessionServiceMembership({ sessionUrl: await deadUrl(), internalToken: INTERNAL_TOKEN });
    await expect(dead(user, 's1')).rejects.toThrow();
  });

  it('is used only when both SESSION_URL and INTERNAL_TOKEN are configured', () => {
    expect(membershipFromConfig({ SESSION_URL: upstream.url })).toBe(anySignedInUser);
    expect(membershipFromConfig({ INTERNAL_TOKEN })).toBe(anySignedInUser);
    expect(membershipFromConfig({ SESSION_URL: upstream.url, INTERNAL_TOKEN })).not.toBe(anySignedInUser);
  });
});
