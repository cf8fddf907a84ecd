import { sessionNudgeSchema } from '@oneeta/contracts';
import type { SessionNudge } from '@oneeta/contracts';
import type { ChainableCommander, Redis } from 'ioredis';
import { createRedis, redisKey } from './redis.js';

export interface SessionSubscriber {
  subscribe(sessionId: string): Promise<void>;
  unsubscribe(sessionId: string): Promise<void>;
  subscribed(): string[];
  close(): Promise<void>;
}

export function sessionChannel(prefix: string, sessionId: string): string {
  return redisKey(prefix, 'session', sessionId);
}

/** Resolves to the number of connections that received the nudge. */
export async function publishSessionNudge(
  redis: Redis,
  prefix: string,
  sessionId: string,
  message: SessionNudge,
): Promise<number> {
  return redis.publish(
    sessionChannel(prefix, sessionId),
    JSON.stringify(sessionNudgeSchema.parse(message)),
  );
}

/** Queues the PUBLISH of publishSessionNudge on a pipeline/MULTI instead of sending it. */
export function stageSessionNudge(
  tx: ChainableCommander,
  prefix: string,
  sessionId: string,
  message: SessionNudge,
): void {
  tx.publish(sessionChannel(prefix, sessionId), JSON.stringify(sessionNudgeSchema.parse(message)));
}

export function createSessionSubscriber(
  redisUrl: string,
  prefix: string,
  onMessage: (sessionId: string, message: SessionNudge) => void,
): SessionSubscriber {
  const conn = createRedis(redisUrl, { role: 'subscriber' });
  const channelPrefix = sessionChannel(prefix, '');
  const subscriptions = new Map<string, Promise<void>>();

  conn.on('message', (channel: string, raw: string) => {
    if (!channel.startsWith(channelPrefix)) return;
    const sessionId = channel.slice(channelPrefix.length);
    if (!subscriptions.has(sessionId)) return;
    const message = parseNudge(raw);
    if (message?.sessionId === sessionId) onMessage(sessionId, message);
  });

  return {
    subscribe(sessionId) {
      const existing = subscriptions.get(sessionId);
      if (existing) return existing;
      const pending = conn.subscribe(sessionChannel(prefix, sessionId)).then(() => {});
      subscriptions.set(sessionId, pending);
      pending.catch(() => {
        if (subscriptions.get(sessionId) === pending) subscriptions.delete(sessionId);
      });
      return pending;
    },
    async unsubscribe(sessionId) {
      if (!subscriptions.delete(sessionId)) return;
      await conn.unsubscribe(sessionChannel(prefix, sessionId));
    },
    subscribed() {
      return [...subscriptions.keys()];
    },
    async close() {
      subscriptions.clear();
      if (conn.status === 'ready') await conn.quit();
      else conn.disconnect();
    },
  };
}

function parseNudge(raw: string): SessionNudge | undefined {
  try {
    const parsed = sessionNudgeSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}
