import { eventually } from '@oneeta/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWsFixture, type WsFixture } from './ws-fixture.js';

let ws: WsFixture;
const membershipAsked: string[] = [];

beforeAll(async () => {
  ws = await startWsFixture(
    {},
    {
      membership: async (user, sessionId) => {
        membershipAsked.push(`${user.id}:${sessionId}`);
        return true;
      },
    },
  );
});
afterAll(() => ws.close());

const refreshes = (frames: Record<string, unknown>[], sessionId: string) =>
  frames.filter((frame) => frame.type === 'refresh-session' && frame.sessionId === sessionId);

describe('/ws hub', () => {
  it('subscribes with a verified token and receives refresh-session of that session only', async () => {
    const client = await ws.connect();
    await client.subscribe('s1', `Bearer ${ws.token}`);
    expect(membershipAsked).toContain('u1:s1');

    // Same Redis connection, so the other session's nudge would arrive first if it were sent.
    await ws.nudge('other-session');
    await ws.nudge('s1');
    expect(await client.next({ type: 'refresh-session' })).toEqual({
      type: 'refresh-session',
      sessionId: 's1',
    });
    expect(client.frames.filter((frame) => frame.type === 'refresh-session')).toHaveLength(1);
  });

  it("relays the chat's real-time events (chat-event frames) to the session's subscribers as published", async () => {
    const client = await ws.connect();
    await client.subscribe('s-chat', ws.token);
    const frame = {
      type: 'chat-event' as const,
      sessionId: 's-chat',
      threadId: '19:abc@thread.v2',
      event: {
        type: 'typingIndicatorReceived' as const,
        senderId: '8:acs:oneeta_u2',
        senderDisplayName: 'Ana',
        receivedOn: '2026-11-25T22:00:00.000Z',
      },
    };
    await ws.nudge('other-session', { ...frame, sessionId: 'other-session' });
    await ws.nudge('s-chat', frame);
    expect(await client.next({ type: 'chat-event' })).toEqual(frame);
    expect(client.frames.filter((f) => f.type === 'chat-event')).toHaveLength(1);
  });

  it('accepts a token without the Bearer prefix', async () => {
    const client = await ws.connect();
    await client.subscribe('s-bare', ws.token);
  });

  it('unsubscribes from Redis when the last socket of a session closes', async () => {
    const client = await ws.connect();
    await client.subscribe('s-close', ws.token);
    expect(await ws.numsub('s-close')).toBe(1);
    expect(ws.gateway.app.wsHub.subscribedSessions()).toContain('s-close');

    await client.close();
    await eventually(async () => (await ws.numsub('s-close')) === 0);
    expect(ws.gateway.app.wsHub.subscribedSessions()).not.toContain('s-close');
  });

  it('stops a session on {action:"unsubscribe"} and keeps the socket', async () => {
    const client = await ws.connect();
    await client.subscribe('s-unsub', ws.token);
    await client.subscribe('s-stay', ws.token);
    client.send({ action: 'unsubscribe', sessionId: 's-unsub' });
    await eventually(async () => (await ws.numsub('s-unsub')) === 0);

    await ws.nudge('s-unsub');
    await ws.nudge('s-stay');
    await client.next({ type: 'refresh-session', sessionId: 's-stay' });
    expect(refreshes(client.frames, 's-unsub')).toHaveLength(0);
  });

  it('shares one Redis subscription between two sockets of the same session', async () => {
    const [a, b] = await Promise.all([ws.connect(), ws.connect()]);
    await a.subscribe('s-shared', ws.token);
    await b.subscribe('s-shared', await ws.sign({ sub: 'u2' }));
    expect(await ws.numsub('s-shared')).toBe(1);

    // One receiving connection on the Redis side, two sockets served.
    expect(await ws.nudge('s-shared')).toBe(1);
    await a.next({ type: 'refresh-session', sessionId: 's-shared' });
    await b.next({ type: 'refresh-session', sessionId: 's-shared' });

    await a.close();
    await ws.nudge('s-shared');
    await eventually(() => refreshes(b.frames, 's-shared').length === 2);
    expect(await ws.numsub('s-shared')).toBe(1);

    await b.close();
    await eventually(async () => (await ws.numsub('s-shared')) === 0);
  });
});
