import {
  createAccountDirectory,
  createEventBus,
  createRedis,
  publishSessionNudge,
  sessionChannel,
  type EventBus,
} from '@oneeta/service-kit';
import type { SessionNudge } from '@oneeta/contracts';
import { deleteKeys, eventually, testRedisUrl, uniquePrefix } from '@oneeta/service-kit/testing';
import WebSocket, { type ClientOptions } from 'ws';
import { startGateway, startJwks, type Gateway, type Sign } from './helpers.js';

type Frame = Record<string, unknown>;

/** A real websocket client that keeps every frame it receives. */
export class TestClient {
  readonly frames: Frame[] = [];
  closed = false;
  /** The close code and reason the server sent, once closed. */
  closeCode: number | undefined;
  closeReason: string | undefined;

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => this.frames.push(JSON.parse(data.toString()) as Frame));
    ws.on('close', (code, reason) => {
      this.closed = true;
      this.closeCode = code;
      this.closeReason = reason.toString();
    });
  }

  static open(gatewayUrl: string, options?: ClientOptions): Promise<TestClient> {
    const ws = new WebSocket(`${gatewayUrl.replace(/^http/, 'ws')}/ws`, options);
    return new Promise((resolve, reject) => {
      ws.once('open', () => resolve(new TestClient(ws)));
      ws.once('error', reject);
    });
  }

  send(message: unknown): void {
    this.ws.send(typeof message === 'string' ? message : JSON.stringify(message));
  }

  /** Waits for a frame that has all the given fields. */
  next(fields: Frame, timeoutMs = 3000): Promise<Frame> {
    return eventually(
      () =>
        this.frames.find((frame) =>
          Object.entries(fields).every(([key, value]) => frame[key] === value),
        ),
      { timeoutMs },
    );
  }

  async subscribe(sessionId: string, token: string): Promise<void> {
    this.send({ action: 'subscribe', sessionId, token });
    await this.next({ type: 'subscribed', sessionId });
  }

  close(): Promise<void> {
    if (this.closed) return Promise.resolve();
    return new Promise((resolve) => {
      this.ws.once('close', () => resolve());
      this.ws.close();
    });
  }
}

export interface WsFixture {
  gateway: Gateway;
  sign: Sign;
  /** The bus under the gateway's prefix: a user.changed published here reaches its account view. */
  bus: EventBus;
  /** A valid token of user u1. */
  token: string;
  connect(options?: ClientOptions): Promise<TestClient>;
  /**
   * Publishes a nudge (refresh-session unless given) on Redis from a separate client, as a service
   * does; resolves to the receiver count.
   */
  nudge(sessionId: string, message?: SessionNudge): Promise<number>;
  /** Redis connections subscribed to the session's channel (PUBSUB NUMSUB). */
  numsub(sessionId: string): Promise<number>;
  close(): Promise<void>;
}

/** A gateway trusting a test JWKS, a publisher on the same Redis prefix, and tracked clients. */
export async function startWsFixture(
  env: Record<string, string> = {},
  deps: Parameters<typeof startGateway>[1] = {},
): Promise<WsFixture> {
  const prefix = uniquePrefix('gw-ws');
  const publisher = createRedis(testRedisUrl());
  const auth = await startJwks({ redis: publisher, prefix });
  // As main.ts wires it: the account view kept current from user.changed.
  const bus = createEventBus({ redis: publisher, prefix, source: 'test' });
  const accounts = createAccountDirectory({
    redis: publisher,
    prefix,
    authUrl: auth.url,
    internalToken: env.INTERNAL_TOKEN,
    events: { bus, service: 'gateway', consumer: 'test' },
  });
  await accounts.ready;
  const gateway = await startGateway(
    { REDIS_PREFIX: prefix, AUTH_URL: auth.url, ...env },
    { accounts: accounts.get, ...deps },
  );
  const clients: TestClient[] = [];
  return {
    gateway,
    sign: auth.sign,
    bus,
    token: await auth.sign({ sub: 'u1' }),
    async connect(options) {
      const client = await TestClient.open(gateway.url, options);
      clients.push(client);
      return client;
    },
    nudge: (sessionId, message) =>
      publishSessionNudge(
        publisher,
        prefix,
        sessionId,
        message ?? { type: 'refresh-session', sessionId },
      ),
    async numsub(sessionId) {
      const reply = await publisher.pubsub('NUMSUB', sessionChannel(prefix, sessionId));
      return Number((reply as unknown[])[1]);
    },
    async close() {
      await Promise.all(clients.map((client) => client.close()));
      await accounts.close();
      await bus.close();
      await deleteKeys(publisher, prefix);
      publisher.disconnect();
      await gateway.close();
      await auth.app.close();
    },
  };
}
