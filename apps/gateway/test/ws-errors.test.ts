import { MESSAGES } from '@oneeta/contracts';
import { eventually } from '@oneeta/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSigner } from './helpers.js';
import { startWsFixture, type WsFixture } from './ws-fixture.js';

let ws: WsFixture;

beforeAll(async () => {
  ws = await startWsFixture({}, { membership: async (_user, id) => !id.startsWith('private-') });
});
afterAll(() => ws.close());

const subscribe = (sessionId: string, token: string) => ({ action: 'subscribe', sessionId, token });

describe('/ws bad input', () => {
  it('answers bad messages with an error frame and keeps the socket usable', async () => {
    const client = await ws.connect();
    const expired = await ws.sign({ sub: 'u1', expiresIn: Math.floor(Date.now() / 1000) - 60 });
    const stranger = await (await createSigner('gw-test')).sign({ sub: 'u1' });
    const cases: [unknown, Record<string, unknown>][] = [
      ['not json {', { error: MESSAGES.wsBadMessage, code: 'bad_message' }],
      [{ action: 'subscribe', sessionId: 's-bad' }, { code: 'bad_message' }],
      [{ action: 'dance', sessionId: 's-bad', token: ws.token }, { code: 'bad_message' }],
      [[1, 2, 3], { code: 'bad_message' }],
      [subscribe('s-bad', '   '), { error: MESSAGES.notAuthenticated, code: 'not_authenticated' }],
      [subscribe('s-bad', 'garbage'), { error: MESSAGES.notAuthenticated, code: 'invalid_token' }],
      [subscribe('s-bad', stranger), { code: 'invalid_token', sessionId: 's-bad' }],
      [subscribe('s-bad', expired), { error: MESSAGES.sessionExpired, code: 'token_expired' }],
      [subscribe('private-1', ws.token), { error: MESSAGES.wsNotMember, code: 'not_member' }],
    ];
    for (const [message, expected] of cases) {
      const before = client.frames.length;
      client.send(message);
      await eventually(() => client.frames.length > before);
      expect(client.frames.at(-1)).toMatchObject({ type: 'error', ...expected });
    }
    client.ws.send(Buffer.from([1, 2, 3]), { binary: true });
    await eventually(() => client.frames.length === cases.length + 1);
    expect(client.frames.at(-1)).toMatchObject({ type: 'error', code: 'bad_message' });

    expect(await ws.numsub('private-1')).toBe(0);
    expect(await ws.numsub('s-bad')).toBe(0);
    expect(client.closed).toBe(false);
    await client.subscribe('s-after-errors', ws.token);
    await ws.nudge('s-after-errors');
    await client.next({ type: 'refresh-session', sessionId: 's-after-errors' });
  });

  it('answers a plain HTTP GET /ws with 426 and an error body', async () => {
    const response = await fetch(`${ws.gateway.url}/ws`);
    expect(response.status).toBe(426);
    expect(await response.json()).toEqual({
      error: 'Connect with a WebSocket',
      code: 'upgrade_required',
    });
  });

  it('caps the sessions one socket may follow at 20', async () => {
    const client = await ws.connect();
    const subscribed = () => client.frames.filter((frame) => frame.type === 'subscribed').length;
    for (let i = 0; i < 20; i += 1) client.send(subscribe(`s-cap-${i}`, ws.token));
    await eventually(() => subscribed() === 20);
    client.send(subscribe('s-cap-20', ws.token));
    await client.next({ type: 'error', code: 'too_many_subscriptions', sessionId: 's-cap-20' });
    // Subscribing again to a session it already follows is fine.
    client.send(subscribe('s-cap-3', ws.token));
    await eventually(() => subscribed() === 21);
  });
});
