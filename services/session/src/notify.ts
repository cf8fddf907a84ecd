import { TOPICS, type SessionChangedData } from '@oneeta/contracts';
import { publishSessionNudge, type EventBus, type Redis } from '@oneeta/service-kit';
import { isClosed } from './domain/access.js';
import type { SessionsStore } from './store/sessions-store.js';

export interface NotifierDeps {
  bus: Pick<EventBus, 'publish'>;
  redis: Redis;
  /** REDIS_PREFIX: the nudge goes out on `${prefix}:session:{id}`. */
  prefix: string;
  store: Pick<SessionsStore, 'load'>;
}

/**
 * After a session changed: publish `session.changed` on the bus (durable, for the admin
 * projection) and `refresh-session` on the session's pub/sub channel (the /ws hub fans it out).
 * Used by the HTTP routes (through the context) and by the travel.computed consumer.
 */
export function createNotifier(deps: NotifierDeps) {
  return async function notify(sessionId: string, reason: string): Promise<void> {
    const loaded = await deps.store.load(sessionId);
    if (loaded) {
      const data: SessionChangedData = {
        sessionId,
        creatorUserId: loaded.session.creatorUserId,
        isClosed: isClosed(loaded.session),
        closedAt: loaded.session.closedAt?.toISOString() ?? null,
        participantCount: loaded.participants.filter((p) => p.status === 'active').length,
        reason,
      };
      await deps.bus.publish(TOPICS.sessionChanged, data);
    }
    await publishSessionNudge(deps.redis, deps.prefix, sessionId, { type: 'refresh-session', sessionId });
  };
}

export type Notify = ReturnType<typeof createNotifier>;
