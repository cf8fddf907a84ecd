import { createServer, connect, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { MESSAGES, TOPICS } from '@oneeta/contracts';
import {
  bearer,
  createSession,
  join,
  startSession,
  startUserDeletedConsumerOn,
  type SessionHarness,
  type TestUser,
} from '@oneeta/session/testing';
import { createRedis, publishSessionNudge } from '@oneeta/service-kit';
import { testRedisUrl } from '@oneeta/service-kit/testing';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGateway, urlOf, type Gateway } from './helpers.js';
import { TestClient } from './ws-fixture.js';

/**
 * Two gateway replicas on one Redis in front of the real session service. A removal or a leave
 * drops the user's subscriptions on both replicas from the session's own `member-removed` frame,
 * without asking the session service again: even while membership checks cannot reach it (a
 * failed check counts as "still a member"), chat published afterwards does not reach them.
 */
let h: SessionHarness;
let jwks: FastifyInstance;
let gateways: Gateway[] = [];
const clients: TestClient[] = [];
const publisher = createRedis(testRedisUrl());

/** A TCP relay to the session service that the test can cut (its address is the gateways' SESSION_URL). */
let relay: Server;
const relayed = new Set<Socket>();
let relayUp = true;
let deletions: { stop(): Promise<void> };

beforeAll(async () => {
  h = await startSession();
  deletions = await startUserDeletedConsumerOn(h, 'gw-test');
  await h.app.listen({ port: 0, host: '127.0.0.1' });
  const target = new URL(urlOf(h.app));
  relay = createServer((inbound) => {
    if (!relayUp) return inbound.destroy();
    const outbound = connect(Number(target.port), target.hostname);
    for (const s of [inbound, outbound]) {
      relayed.add(s);
      s.on('error', () => s.destroy());
      s.on('close', () => relayed.delete(s));
    }
    inbound.pipe(outbound).pipe(inbound);
  });
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
  jwks = Fastify();
  jwks.get('/.well-known/jwks.json', async () => h.issuer.jwks);
  await jwks.listen({ port: 0, host: '127.0.0.1' });
  const env = {
    REDIS_PREFIX: h.prefix,
    AUTH_URL: urlOf(jwks),
    SESSION_URL: `http://127.0.0.1:${(relay.address() as AddressInfo).port}`,
    INTERNAL_TOKEN: h.config.INTERNAL_TOKEN!,
    // Every frame re-checks membership: without the frame naming the user, the failed check lets them stay.
    WS_MEMBERSHIP_RECHECK_MS: '0',
    // Only the session's frames drop anyone here, not the periodic token re-check.
    WS_TOKEN_RECHECK_MS: '600000',
  };
  gateways = await Promise.all([startGateway(env), startGateway(env)]);
});
afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()));
  await Promise.all(gateways.map((g) => g.close()));
  await new Promise((resolve) => relay.close(resolve));
  publisher.disconnect();
  await jwks.close();
  await deletions.stop();
  await h.close();
});

const follow = async (gateway: Gateway, sessionId: string, user: TestUser) => {
  const client = await TestClient.open(gateway.url);
  clients.push(client);
  await client.subscribe(sessionId, user.token);
  return client;
};

describe('/ws: who is removed or leaves stops listening on every replica at once', () => {
  it('drops the removed and the leaving user on both replicas; chat published afterwards reaches only members', async () => {
    const [a, b] = gateways as [Gateway, Gateway];
    const owner = await h.user({ plan: 'premium' });
    const [removed, leaver] = [await h.user(), await h.user()];
    const sessionId = (await createSession(h, owner)).sessionId;
    await join(h, owner, sessionId, removed);
    await join(h, owner, sessionId, leaver);
    await h.drained();

    const ownerOnB = await follow(b, sessionId, owner);
    const gone = [
      await follow(a, sessionId, removed),
      await follow(b, sessionId, removed),
      await follow(a, sessionId, leaver),
      await follow(b, sessionId, leaver),
    ];

    // The session service can no longer be asked.
    relayUp = false;
    for (const s of relayed) s.destroy();

    const removal = await h.app.inject({
      method: 'DELETE',
      url: `/api/sessions/${sessionId}/participants/user:${removed.id}`,
      headers: bearer(owner.token),
    });
    expect(removal.statusCode).toBe(200);
    const leaving = await h.app.inject({
      method: 'POST',
      url: `/api/sessions/${sessionId}/participants/user:${leaver.id}/leave`,
      headers: bearer(leaver.token),
    });
    expect(leaving.statusCode).toBe(200);
    await h.drained();

    const revoked = { type: 'error', code: 'not_member', sessionId };
    for (const client of gone)
      expect(await client.next(revoked, 5000)).toEqual({ ...revoked, error: MESSAGES.wsNotMember });

    await publishSessionNudge(publisher, h.prefix, sessionId, { type: 'chat-message', sessionId });
    await ownerOnB.next({ type: 'chat-message', sessionId }, 5000);
    // The frame that dropped them never reaches a client; nothing after the drop does either.
    for (const client of gone) {
      expect(client.frames.map((f) => f.type)).not.toContain('chat-message');
      expect(client.frames.map((f) => f.type)).not.toContain('member-removed');
    }
    expect(ownerOnB.frames.map((f) => f.type)).not.toContain('member-removed');
    expect(b.app.wsHub.subscribedSessions()).toContain(sessionId);
    expect(a.app.wsHub.subscribedSessions()).not.toContain(sessionId);
  });

  it("drops a deleted account's subscriptions on both replicas once the session service takes it out", async () => {
    relayUp = true;
    const [a, b] = gateways as [Gateway, Gateway];
    const owner = await h.user({ plan: 'premium' });
    const deleted = await h.user();
    const sessionId = (await createSession(h, owner)).sessionId;
    await join(h, owner, sessionId, deleted);
    await h.drained();
    const ownerOnA = await follow(a, sessionId, owner);
    const gone = [await follow(a, sessionId, deleted), await follow(b, sessionId, deleted)];
    relayUp = false;
    for (const s of relayed) s.destroy();

    await h.bus.publish(TOPICS.userDeleted, {
      userId: deleted.id,
      email: deleted.email,
      deletedAt: new Date().toISOString(),
    });
    const revoked = { type: 'error', code: 'not_member', sessionId };
    for (const client of gone)
      expect(await client.next(revoked, 5000)).toEqual({ ...revoked, error: MESSAGES.wsNotMember });
    await publishSessionNudge(publisher, h.prefix, sessionId, { type: 'chat-message', sessionId });
    await ownerOnA.next({ type: 'chat-message', sessionId }, 5000);
    for (const client of gone)
      expect(client.frames.map((f) => f.type)).not.toContain('chat-message');
  });
});
