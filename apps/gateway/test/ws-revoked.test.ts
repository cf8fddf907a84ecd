import { MESSAGES } from '@oneeta/contracts';
import { publishUserChanged } from '@oneeta/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anySignedInUser } from '../src/ws-hub.js';
import { startWsFixture, type WsFixture } from './ws-fixture.js';

let ws: WsFixture;
beforeAll(async () => {
  ws = await startWsFixture({}, { membership: anySignedInUser });
});
afterAll(() => ws.close());

describe('/ws and revoked tokens', () => {
  it("refuses a token the account's token state revoked (signed out everywhere, password changed)", async () => {
    const account = { id: 'revoked-user', email: 'revoked-user@example.com', emailVerified: true, name: null, plan: 'free' as const, isAdmin: false };
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
      .toEqual({ type: 'error', error: MESSAGES.sessionExpired, code: 'token_revoked', sessionId: 's-revoked' });
  });
});
