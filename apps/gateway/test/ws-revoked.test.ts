import { MESSAGES, TOPICS } from '@oneeta/contracts';
import { publishUserChanged } from '@oneeta/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWsFixture, type TestClient, type WsFixture } from './ws-fixture.js';

/**
 * A revoked token is refused at subscribe, and a socket already following a session with it stops
 * within WS_TOKEN_RECHECK_MS (short here): signed out everywhere, password changed, account deleted.
 */
let ws: WsFixture;
beforeAll(async () => {
  ws = await startWsFixture({ WS_TOKEN_RECHECK_MS: '200' });
});
afterAll(() => ws.close());

const accountOf = (id: string) => ({
  id,
  email: `${id}@example.com`,
  emailVerified: true,
  name: null,
  plan: 'free' as const,
  isAdmin: false,
});

/** A socket of `id` following `sessionId`. */
async function following(id: string, sessionId: string): Promise<TestClient> {
  const token = await ws.sign({ sub: id, email: `${id}@example.com` });
  const client = await ws.connect();
  await client.subscribe(sessionId, token);
  return client;
}

/** After the drop, a frame on the session reaches the bystander but not the dropped socket. */
async function expectOnlyBystanderHears(
  sessionId: string,
  dropped: TestClient,
  bystander: TestClient,
) {
  await ws.nudge(sessionId, { type: 'refresh-session', sessionId, revision: 99 });
  await bystander.next({ type: 'refresh-session', sessionId, revision: 99 });
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(dropped.frames.filter((f) => f.type === 'refresh-session' && f.revision === 99)).toEqual(
    [],
  );
}

describe('/ws and revoked tokens', () => {
  it("refuses a token the account's token state revoked (signed out everywhere, password changed)", async () => {
    const account = accountOf('revoked-user');
    const old = await ws.sign({ sub: account.id, email: account.email });
    const first = await ws.connect();
    await first.subscribe('s-revoked', old);

    await publishUserChanged(ws.bus, account, ['tokens'], { version: 1, revokedSessions: [] });
    await expect
      .poll(async () => {
        const client = await ws.connect();
        client.send({ action: 'subscribe', sessionId: 's-revoked', token: old });
        return client.next({ sessionId: 's-revoked' });
      })
      .toEqual({
        type: 'error',
        error: MESSAGES.sessionExpired,
        code: 'token_revoked',
        sessionId: 's-revoked',
      });
  });

  it('drops an open subscription within seconds once its token is revoked, and only that one', async () => {
    const revoked = await following('live-revoked', 's-live');
    const bystander = await following('live-bystander', 's-live');
    await publishUserChanged(ws.bus, accountOf('live-revoked'), ['tokens'], {
      version: 1,
      revokedSessions: [],
    });

    const frame = await revoked.next({ type: 'error', sessionId: 's-live' }, 3000);
    expect(frame).toEqual({
      type: 'error',
      error: MESSAGES.sessionExpired,
      code: 'token_revoked',
      sessionId: 's-live',
    });
    await expectOnlyBystanderHears('s-live', revoked, bystander);
    expect(bystander.frames.some((f) => f.type === 'error')).toBe(false);
  });

  it("drops a deleted account's open subscriptions within seconds", async () => {
    const deleted = await following('live-deleted', 's-deleted');
    const bystander = await following('live-stays', 's-deleted');
    await ws.bus.publish(TOPICS.userDeleted, {
      userId: 'live-deleted',
      email: 'live-deleted@example.com',
      deletedAt: new Date().toISOString(),
    });

    const frame = await deleted.next({ type: 'error', sessionId: 's-deleted' }, 3000);
    expect(frame).toMatchObject({
      type: 'error',
      code: 'account_not_found',
      sessionId: 's-deleted',
    });
    await expectOnlyBystanderHears('s-deleted', deleted, bystander);
  });
});
