import type { SessionNudge, WsServerMessage } from '@oneeta/contracts';
import type { SessionSubscriber } from '@oneeta/service-kit';
import {
  BAD_MESSAGE,
  checkSubscribe,
  parseClientMessage,
  type ErrorFrame,
  type SubscribeCheck,
} from './ws-checks.js';

export { anySignedInUser, type MembershipCheck } from './ws-checks.js';

/** The part of a websocket the hub uses (a `ws` WebSocket fits). */
export interface HubSocket {
  readonly readyState: number;
  send(data: string): void;
  ping(): void;
  terminate(): void;
}

export interface WsHubOptions extends SubscribeCheck {
  /** Builds the process's one Redis subscriber; the hub hands it the fan-out callback. */
  createSubscriber: (
    onMessage: (sessionId: string, message: SessionNudge) => void,
  ) => SessionSubscriber;
  heartbeatMs: number;
  maxSubscriptionsPerSocket?: number;
}

interface Client {
  sessions: Set<string>;
  /** Subscribe requests still being checked (counted against the cap). */
  pending: number;
  alive: boolean;
}

const OPEN = 1;

/**
 * The /ws hub of one process: sockets subscribe to sessions after a token and membership check;
 * the process holds one Redis subscription per session with at least one socket, and fans each
 * nudge out to that session's sockets. Bad input gets an error frame; the socket stays usable.
 */
export class WsHub {
  private readonly clients = new Map<HubSocket, Client>();
  private readonly sessions = new Map<string, Set<HubSocket>>();
  private readonly subscriber: SessionSubscriber;
  private readonly max: number;
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly options: WsHubOptions) {
    this.max = options.maxSubscriptionsPerSocket ?? 20;
    this.subscriber = options.createSubscriber((sessionId, message) =>
      this.deliver(sessionId, message),
    );
  }

  add(socket: HubSocket): void {
    this.clients.set(socket, { sessions: new Set(), pending: 0, alive: true });
    if (!this.timer) {
      this.timer = setInterval(() => this.heartbeat(), this.options.heartbeatMs);
      this.timer.unref();
    }
  }

  pong(socket: HubSocket): void {
    const client = this.clients.get(socket);
    if (client) client.alive = true;
  }

  async remove(socket: HubSocket): Promise<void> {
    const client = this.clients.get(socket);
    if (!client) return;
    this.clients.delete(socket);
    await Promise.all([...client.sessions].map((sessionId) => this.leave(socket, sessionId)));
  }

  /** Handles one text frame from a socket. Never throws. */
  async receive(socket: HubSocket, raw: string): Promise<void> {
    const message = parseClientMessage(raw);
    if (!message) return this.send(socket, BAD_MESSAGE);
    if (message.action === 'unsubscribe') return this.leave(socket, message.sessionId);
    return this.subscribe(socket, message.sessionId, message.token);
  }

  /** Sends a nudge to every socket of the session. */
  deliver(sessionId: string, message: SessionNudge): void {
    const text = JSON.stringify(message);
    for (const socket of this.sessions.get(sessionId) ?? []) {
      if (socket.readyState === OPEN) socket.send(text);
    }
  }

  /** Sessions this process holds a Redis subscription for. */
  subscribedSessions(): string[] {
    return this.subscriber.subscribed();
  }

  socketCount(): number {
    return this.clients.size;
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    this.clients.clear();
    this.sessions.clear();
    await this.subscriber.close();
  }

  private async subscribe(socket: HubSocket, sessionId: string, token: string): Promise<void> {
    const client = this.clients.get(socket);
    if (!client) return;
    if (!client.sessions.has(sessionId) && client.sessions.size + client.pending >= this.max) {
      const error = `At most ${this.max} sessions per connection`;
      return this.send(socket, { type: 'error', error, code: 'too_many_subscriptions', sessionId });
    }
    client.pending += 1;
    let denial: ErrorFrame | null;
    try {
      denial = await checkSubscribe(this.options, sessionId, token);
    } finally {
      client.pending -= 1;
    }
    if (denial) return this.send(socket, denial);
    if (this.clients.get(socket) !== client) return; // closed while we checked

    client.sessions.add(sessionId);
    const sockets = this.sessions.get(sessionId) ?? new Set<HubSocket>();
    this.sessions.set(sessionId, sockets.add(socket));
    try {
      await this.subscriber.subscribe(sessionId);
    } catch (err) {
      this.options.log?.warn({ err, sessionId }, 'redis subscribe failed');
      await this.leave(socket, sessionId);
      const error = 'Live updates are unavailable right now';
      return this.send(socket, { type: 'error', error, code: 'subscribe_failed', sessionId });
    }
    if (client.sessions.has(sessionId)) this.send(socket, { type: 'subscribed', sessionId });
  }

  private async leave(socket: HubSocket, sessionId: string): Promise<void> {
    this.clients.get(socket)?.sessions.delete(sessionId);
    const sockets = this.sessions.get(sessionId);
    if (!sockets?.delete(socket) || sockets.size > 0) return;
    this.sessions.delete(sessionId);
    await this.subscriber.unsubscribe(sessionId).catch((err: unknown) => {
      this.options.log?.warn({ err, sessionId }, 'redis unsubscribe failed');
    });
  }

  private heartbeat(): void {
    for (const [socket, client] of this.clients) {
      if (!client.alive) {
        socket.terminate();
        void this.remove(socket);
        continue;
      }
      client.alive = false;
      try {
        socket.ping();
      } catch {
        // not open yet or already closing: the next beat decides
      }
    }
  }

  private send(socket: HubSocket, message: WsServerMessage): void {
    if (socket.readyState === OPEN) socket.send(JSON.stringify(message));
  }
}
