import { eventually } from '@oneeta/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWsFixture, type WsFixture } from './ws-fixture.js';

let ws: WsFixture;

beforeAll(async () => {
  ws = await startWsFixture({ WS_HEARTBEAT_MS: '100' });
});
afterAll(() => ws.close());

describe('/ws heartbeat', () => {
  it('terminates a socket that stops answering pings, cleans up, and keeps the live ones', async () => {
    const silent = await ws.connect({ autoPong: false });
    const live = await ws.connect();
    await silent.subscribe('s-beat', ws.token);
    await live.subscribe('s-beat-live', ws.token);

    await eventually(() => silent.closed, { timeoutMs: 3000 });
    await eventually(async () => (await ws.numsub('s-beat')) === 0);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(live.closed).toBe(false);
    expect(ws.gateway.app.wsHub.socketCount()).toBe(1);
    expect(ws.gateway.app.wsHub.subscribedSessions()).toEqual(['s-beat-live']);
  });
});
