import {
  MESSAGES,
  WS_CLOSE_REASONS,
  WS_ERROR_CODES,
  WS_POLICY_CLOSE,
  type SessionNudge,
} from '@oneeta/contracts';
import type { SessionSubscriber } from '@oneeta/service-kit';
import { randomUUID } from 'node:crypto';
import { MembershipCache } from './membership-cache.js';
import {
  BAD_MESSAGE,
  checkSubscribe,
  parseClientMessage,
  type SessionRevision,
  type SubscribeCheck,
} from './ws-checks.js';
import type { SharedConnections } from './ws-connections.js';
import { ConnectionCounter, type WsLimits } from './ws-limits.js';
import { refusedSubscriptions, type Subscription } from './ws-revalidate.js';
import {
  armIdle,
  clearTimers,
  closeForPolicy,
  extendExpiry,
  newClient,
  ping,
  sendFrame,
  sendText,
  type Client,
  type HubSocket,
} from './ws-socket.js';

export type { MembershipCheck } from './ws-checks.js';
export type { WsLimits } from './ws-limits.js';
export type { HubSocket } from './ws-socket.js';

export interface WsHubOptions extends SubscribeCheck, WsLimits {
  /**
   * Read after the Redis subscription is live and put on the `subscribed` frame: any change after
   * the read reaches the socket as a nudge, so a page already holding it has missed nothing.
   */
  revision?: SessionRevision | undefined;
  /** Builds the process's one Redis subscriber; the hub hands it the fan-out callback. */
  createSubscriber: (
    onMessage: (sessionId: string, message: SessionNudge) => void,
  ) => SessionSubscriber;
  heartbeatMs: number;
  /** The per-address cap counted across every replica (Redis); without it, per process only. */
  sharedConnections?: SharedConnections | undefined;
}

/**
 * The /ws hub of one process: sockets subscribe to sessions after a token and membership check;
 * the process holds one Redis subscription per session with at least one socket, and fans each
 * nudge out to that session's sockets, re-checking each subscriber's membership (cached for
 * `membershipRecheckMs`) and dropping those no longer members. Bad input gets an error frame; the
 * socket stays usable. Policy breaches close the socket with 1008 and a reason (WS_CLOSE_REASONS).
 */
export class WsHub {
  private readonly clients = new Map<HubSocket, Client>();
  private readonly sessions = new Map<string, Set<HubSocket>>();
  private readonly subscriber: SessionSubscriber;
  private readonly cache: MembershipCache;
  private readonly connections: ConnectionCounter;
  private readonly limits: Required<WsLimits>;
  private timer: NodeJS.Timeout | undefined;
  private recheckTimer: NodeJS.Timeout | undefined;
  private rechecking = false;
  private readonly replica = randomUUID();
  private sequence = 0;

  constructor(private readonly options: WsHubOptions) {
    this.limits = {
      maxSubscriptionsPerSocket: options.maxSubscriptionsPerSocket ?? 20,
      membershipRecheckMs: options.membershipRecheckMs ?? 60_000,
      tokenRecheckMs: options.tokenRecheckMs ?? 3_000,
      subscribeTimeoutMs: options.subscribeTimeoutMs ?? 30_000,
      maxConnectionsPerIp: options.maxConnectionsPerIp ?? 20,
      messagesPerSecond: options.messagesPerSecond ?? 10,
      messageBurst: options.messageBurst ?? 40,
    };
    this.cache = new MembershipCache(
      options.membership,
      this.limits.membershipRecheckMs,
      (err, sessionId) => options.log?.warn({ err, sessionId }, 'membership re-check failed'),
    );
    this.connections = new ConnectionCounter(this.limits.maxConnectionsPerIp);
    this.subscriber = options.createSubscriber((sessionId, message) =>
      this.deliver(sessionId, message),
    );
  }

  /** Takes a new socket; false (and the socket closed with 1008) when its address has too many. */
  add(socket: HubSocket, ip = 'unknown'): boolean {
    if (!this.connections.tryAdd(ip)) {
      socket.close(WS_POLICY_CLOSE, WS_CLOSE_REASONS.tooManyConnections);
      return false;
    }
    const client = newClient(ip, `${this.replica}:${++this.sequence}`, this.limits);
    this.clients.set(socket, client);
    this.armIdle(socket, client);
    this.countShared(socket, client);
    if (!this.timer) {
      this.timer = setInterval(() => this.heartbeat(), this.options.heartbeatMs);
      this.timer.unref();
      this.recheckTimer = setInterval(() => void this.recheckTokens(), this.limits.tokenRecheckMs);
      this.recheckTimer.unref();
    }
    return true;
  }

  pong(socket: HubSocket): void {
    const client = this.clients.get(socket);
    if (client) client.alive = true;
  }

  async remove(socket: HubSocket): Promise<void> {
    const client = this.clients.get(socket);
    if (!client) return;
    this.clients.delete(socket);
    this.connections.remove(client.ip);
    void this.uncountShared(client);
    clearTimers(client);
    await Promise.all(
      [...client.sessions.keys()].map((sessionId) => this.leave(socket, sessionId)),
    );
  }

  /** Handles one frame from a socket (`null`: a binary frame). Never throws. */
  async receive(socket: HubSocket, raw: string | null): Promise<void> {
    const client = this.clients.get(socket);
    if (!client) return;
    if (!client.bucket.take()) return this.closeFor(socket, WS_CLOSE_REASONS.tooManyMessages);
    const message = raw === null ? null : parseClientMessage(raw);
    if (!message) return sendFrame(socket, BAD_MESSAGE);
    if (message.action === 'unsubscribe') return this.leave(socket, message.sessionId);
    return this.subscribe(socket, client, message.sessionId, message.token);
  }

  /**
   * Sends a nudge to every socket of the session whose user is (still) a member. A session frame
   * that carries no changes may come from a change of who belongs (a removal, a leave, a cancelled
   * invite): every subscriber is asked again before it goes out. Frames carrying moves and travel
   * times change nobody's membership and go by the cached answers.
   */
  deliver(sessionId: string, message: SessionNudge): void {
    if (message.type === 'member-removed') return this.dropMember(sessionId, message.userId);
    if (message.type === 'refresh-session' && !message.changes) this.cache.forgetSession(sessionId);
    const text = JSON.stringify(message);
    for (const socket of this.sessions.get(sessionId) ?? []) {
      const user = this.clients.get(socket)?.sessions.get(sessionId);
      if (!user) continue;
      const known = this.cache.fresh(user.id, sessionId);
      if (known !== undefined) {
        this.nudgeOrDrop(socket, sessionId, known, text);
        continue;
      }
      void this.cache.check(user, sessionId).then((member) => {
        // Skip when the socket left (or re-joined) the session while we asked.
        if (this.clients.get(socket)?.sessions.get(sessionId) !== user) return;
        this.nudgeOrDrop(socket, sessionId, member, text);
      });
    }
  }

  /**
   * A user lost their membership (removed, left, account deleted): their sockets stop following
   * the session now, each told with a not_member error frame, without asking the session service.
   */
  private dropMember(sessionId: string, userId: string): void {
    this.cache.remember(userId, sessionId, false);
    for (const socket of [...(this.sessions.get(sessionId) ?? [])]) {
      if (this.clients.get(socket)?.sessions.get(sessionId)?.id === userId)
        this.nudgeOrDrop(socket, sessionId, false, '');
    }
  }

  /**
   * Checks every subscription's token against the current account again: a token signed out,
   * revoked by a password change or reset, or of a deleted account stops following its session,
   * the socket told with an error frame (token_revoked, account_not_found).
   */
  async recheckTokens(): Promise<void> {
    if (this.rechecking) return;
    this.rechecking = true;
    try {
      const subscriptions: Subscription<HubSocket>[] = [];
      for (const [socket, client] of this.clients) {
        for (const [sessionId, token] of client.tokens)
          subscriptions.push({ socket, sessionId, token });
      }
      for (const refused of await refusedSubscriptions(
        subscriptions,
        this.options.verify,
        this.options.log,
      )) {
        // Subscribed again (with another token) or gone while we checked: that is the socket's now.
        if (this.clients.get(refused.socket)?.tokens.get(refused.sessionId) !== refused.token)
          continue;
        void this.leave(refused.socket, refused.sessionId);
        sendFrame(refused.socket, refused.frame);
      }
    } finally {
      this.rechecking = false;
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
    clearInterval(this.recheckTimer);
    this.timer = undefined;
    const uncounted = [...this.clients.values()].map((client) => {
      clearTimers(client);
      return this.uncountShared(client);
    });
    await Promise.all(uncounted);
    this.clients.clear();
    this.sessions.clear();
    await this.subscriber.close();
  }

  private async subscribe(
    socket: HubSocket,
    client: Client,
    sessionId: string,
    token: string,
  ): Promise<void> {
    // Already following (or being checked for) this session: nothing to ask, nothing to count.
    if (client.sessions.has(sessionId)) return this.sendSubscribed(socket, client, sessionId);
    if (client.pending.has(sessionId)) return;
    const max = this.limits.maxSubscriptionsPerSocket;
    if (client.sessions.size + client.pending.size >= max) {
      const error = `At most ${max} sessions per connection`;
      const code = WS_ERROR_CODES.tooManySubscriptions;
      return sendFrame(socket, { type: 'error', error, code, sessionId });
    }
    client.pending.add(sessionId);
    let result: Awaited<ReturnType<typeof checkSubscribe>>;
    try {
      result = await checkSubscribe(this.options, sessionId, token);
    } finally {
      client.pending.delete(sessionId);
    }
    if (result.denial) return sendFrame(socket, result.denial);
    if (this.clients.get(socket) !== client) return; // closed while we checked

    this.cache.remember(result.user.id, sessionId, true);
    extendExpiry(client, result.expiresAt, () =>
      this.closeFor(socket, WS_CLOSE_REASONS.tokenExpired),
    );
    clearTimeout(client.idleTimer);
    client.sessions.set(sessionId, result.user);
    client.tokens.set(sessionId, result.token);
    const sockets = this.sessions.get(sessionId) ?? new Set<HubSocket>();
    this.sessions.set(sessionId, sockets.add(socket));
    try {
      await this.subscriber.subscribe(sessionId);
    } catch (err) {
      this.options.log?.warn({ err, sessionId }, 'redis subscribe failed');
      await this.leave(socket, sessionId);
      const error = 'Live updates are unavailable right now';
      return sendFrame(socket, {
        type: 'error',
        error,
        code: WS_ERROR_CODES.subscribeFailed,
        sessionId,
      });
    }
    await this.sendSubscribed(socket, client, sessionId);
  }

  /** 'subscribed', with the session's revision when it can be read. */
  private async sendSubscribed(
    socket: HubSocket,
    client: Client,
    sessionId: string,
  ): Promise<void> {
    let revision: number | undefined;
    try {
      revision = await this.options.revision?.(sessionId);
    } catch (err) {
      this.options.log?.warn({ err, sessionId }, 'revision read failed');
    }
    if (!client.sessions.has(sessionId)) return; // unsubscribed or closed while we read
    sendFrame(socket, {
      type: 'subscribed',
      sessionId,
      ...(revision === undefined ? {} : { revision }),
    });
  }

  private nudgeOrDrop(socket: HubSocket, sessionId: string, member: boolean, text: string): void {
    if (member) {
      sendText(socket, text);
      return;
    }
    void this.leave(socket, sessionId);
    const code = WS_ERROR_CODES.notMember;
    sendFrame(socket, { type: 'error', error: MESSAGES.wsNotMember, code, sessionId });
  }

  private async leave(socket: HubSocket, sessionId: string): Promise<void> {
    const client = this.clients.get(socket);
    client?.tokens.delete(sessionId);
    if (client?.sessions.delete(sessionId) && client.sessions.size === 0)
      this.armIdle(socket, client);
    const sockets = this.sessions.get(sessionId);
    if (!sockets?.delete(socket) || sockets.size > 0) return;
    this.sessions.delete(sessionId);
    await this.subscriber.unsubscribe(sessionId).catch((err: unknown) => {
      this.options.log?.warn({ err, sessionId }, 'redis unsubscribe failed');
    });
  }

  /** Closes the socket unless it follows a session within subscribeTimeoutMs. */
  private armIdle(socket: HubSocket, client: Client): void {
    armIdle(client, this.limits.subscribeTimeoutMs, () =>
      this.closeFor(socket, WS_CLOSE_REASONS.idle),
    );
  }

  private closeFor(socket: HubSocket, reason: string): void {
    closeForPolicy(socket, reason);
    void this.remove(socket);
  }

  /**
   * Counts a socket this process took against the cap of every replica; one past it is closed with
   * 1008 as soon as Redis says so. Redis unreachable: the per-process cap alone holds.
   */
  private countShared(socket: HubSocket, client: Client): void {
    this.options.sharedConnections?.add(client.ip, client.id).then(
      (counted) => {
        if (this.clients.get(socket) !== client) {
          if (counted) void this.uncountShared(client); // closed while being counted
        } else if (!counted) {
          socket.close(WS_POLICY_CLOSE, WS_CLOSE_REASONS.tooManyConnections);
          void this.remove(socket);
        }
      },
      (err: unknown) => this.options.log?.warn({ err }, 'shared connection count failed'),
    );
  }

  private async uncountShared(client: Client): Promise<void> {
    await this.options.sharedConnections
      ?.remove(client.ip, client.id)
      .catch((err: unknown) => this.options.log?.warn({ err }, 'shared connection count failed'));
  }

  private heartbeat(): void {
    this.cache.prune();
    this.options.sharedConnections
      ?.refresh(this.clients.values())
      .catch((err: unknown) => this.options.log?.warn({ err }, 'shared connection refresh failed'));
    for (const [socket, client] of this.clients) {
      if (ping(socket, client)) continue;
      socket.terminate();
      void this.remove(socket);
    }
  }
}
