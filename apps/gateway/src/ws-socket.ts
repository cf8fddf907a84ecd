import { WS_POLICY_CLOSE, type WsServerMessage } from '@oneeta/contracts';
import type { AuthUser } from '@oneeta/service-kit';
import { TokenBucket } from './ws-limits.js';

/** The part of a websocket the hub uses (a `ws` WebSocket fits). */
export interface HubSocket {
  readonly readyState: number;
  send(data: string): void;
  ping(): void;
  close(code: number, reason: string): void;
  terminate(): void;
}

/** What the hub holds for one socket. */
export interface Client {
  ip: string;
  /** This socket's member in the shared per-address count. */
  id: string;
  /** Followed sessions, each with the user whose token subscribed it. */
  sessions: Map<string, AuthUser>;
  /** The token each session was subscribed with (checked again every tokenRecheckMs). */
  tokens: Map<string, string>;
  /** Sessions whose subscribe request is still being checked (counted against the cap). */
  pending: Set<string>;
  alive: boolean;
  bucket: TokenBucket;
  /** Expiry (epoch ms) of the newest token this socket subscribed with. */
  expiresAt: number | null;
  expiryTimer?: NodeJS.Timeout | undefined;
  idleTimer?: NodeJS.Timeout | undefined;
}

const OPEN = 1;
/** setTimeout's longest delay. */
const MAX_DELAY = 2 ** 31 - 1;

export function newClient(
  ip: string,
  id: string,
  limits: { messagesPerSecond: number; messageBurst: number },
): Client {
  return {
    ip,
    id,
    sessions: new Map(),
    tokens: new Map(),
    pending: new Set(),
    alive: true,
    bucket: new TokenBucket(limits.messagesPerSecond, limits.messageBurst),
    expiresAt: null,
  };
}

/** Sends text when the socket is open; otherwise drops it. */
export function sendText(socket: HubSocket, text: string): void {
  if (socket.readyState === OPEN) socket.send(text);
}

export function sendFrame(socket: HubSocket, message: WsServerMessage): void {
  sendText(socket, JSON.stringify(message));
}

/** Closes with 1008 and the reason; a socket that cannot close is terminated. */
export function closeForPolicy(socket: HubSocket, reason: string): void {
  try {
    socket.close(WS_POLICY_CLOSE, reason);
  } catch {
    socket.terminate();
  }
}

/** Calls onIdle unless the socket follows a session within timeoutMs. */
export function armIdle(client: Client, timeoutMs: number, onIdle: () => void): void {
  clearTimeout(client.idleTimer);
  client.idleTimer = setTimeout(() => {
    if (client.sessions.size === 0) onIdle();
  }, timeoutMs);
  client.idleTimer.unref();
}

/** Calls onExpire when the newest token the socket subscribed with expires. */
export function extendExpiry(client: Client, expiresAt: number | null, onExpire: () => void): void {
  if (expiresAt === null || (client.expiresAt !== null && expiresAt <= client.expiresAt)) return;
  client.expiresAt = expiresAt;
  clearTimeout(client.expiryTimer);
  const delay = Math.min(MAX_DELAY, Math.max(0, expiresAt - Date.now()));
  client.expiryTimer = setTimeout(onExpire, delay);
  client.expiryTimer.unref();
}

export function clearTimers(client: Client): void {
  clearTimeout(client.idleTimer);
  clearTimeout(client.expiryTimer);
}

/** Pings the socket; false (nothing sent) when it has not answered the previous ping. */
export function ping(socket: HubSocket, client: Client): boolean {
  if (!client.alive) return false;
  client.alive = false;
  try {
    socket.ping();
  } catch {
    // not open yet or already closing: the next beat decides
  }
  return true;
}
