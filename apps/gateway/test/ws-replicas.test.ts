import { MESSAGES } from '@oneeta/contracts';
import {
  bearer,
  createSession,
  join,
  startSession,
  type SessionHarness,
  type TestUser,
} from '@oneeta/session/testing';
import { eventually } from '@oneeta/service-kit/testing';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGateway, urlOf, type Gateway } from './helpers.js';
import { TestClient } from './ws-fixture.js';

/**
 * Two gateway replicas on one Redis in front of the real session service (its app on a port, its
 * outbox relay publishing nudges): a follower on either replica hears a write made through the
 * other, and a removal reaches the removed user's sockets on both.
 */
let h: SessionHarness;
let jwks: FastifyInstance;
let gateways: Gateway[] = [];
const clients: TestClient[] = [];

beforeAll(async () => {
  h = await startSession();
  await h.app.listen({ port: 0, host: '127.0.0.1' });
  // The session harness's issuer signs the users' tokens; the gateways verify them by its JWKS.
  jwks = Fastify();
  jwks.get('/.well-known/jwks.json', async () => h.issuer.jwks);
  await jwks.listen({ port: 0, host: '127.0.0.1' });
  const env = {
    REDIS_PREFIX: h.prefix,
    AUTH_URL: urlOf(jwks),
    SESSION_URL: urlOf(h.app),
    INTERNAL_TOKEN: h.config.INTERNAL_TOKEN!,
    WS_MEMBERSHIP_RECHECK_MS: '0',
  };
  gateways = await Promise.all([startGateway(env), startGateway(env)]);
});
afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()));
  await Promise.all(gateways.map((g) => g.close()));
  await jwks.close();
  await h.close();
});

const follow = async (gateway: Gateway, sessionId: string, user: TestUser) => {
  const client = await TestClient.open(gateway.url);
  clients.push(client);
  await client.subscribe(sessionId, user.token);
  return client;
};

describe('/ws on two gateway replicas', () => {
  it('tells a follower on one replica of a write through the other, and revokes a removed user on both', async () => {
    const [a, b] = gateways as [Gateway, Gateway];
    const owner = await h.user({ plan: 'premium' });
    const removed = await h.user();
    const sessionId = (await createSession(h, owner)).sessionId;
    const pid = await join(h, owner, sessionId, removed);
    await h.drained();

    const ownerOnB = await follow(b, sessionId, owner);
    const removedOnA = await follow(a, sessionId, removed);
    const removedOnB = await follow(b, sessionId, removed);
    const seen = ownerOnB.frames.length;

    const removal = await fetch(`${a.url}/api/sessions/${sessionId}/participants/${pid}`, {
      method: 'DELETE',
      headers: bearer(owner.token),
    });
    expect(removal.status).toBe(200);

    await eventually(
      () =>
        ownerOnB.frames
          .slice(seen)
          .some((f) => f.type === 'refresh-session' && f.sessionId === sessionId),
      { timeoutMs: 10_000 },
    );
    const revoked = { type: 'error', code: 'not_member', sessionId };
    expect(await removedOnA.next(revoked, 10_000)).toEqual({
      ...revoked,
      error: MESSAGES.wsNotMember,
    });
    expect(await removedOnB.next(revoked, 10_000)).toEqual({
      ...revoked,
      error: MESSAGES.wsNotMember,
    });
  });
});
