import type { Queue } from 'bullmq';
import { TOPICS } from '@oneeta/contracts';
import {
  consumeEvents,
  storeAccountDeleted,
  type Database,
  type EventBus,
  type Redis,
} from '@oneeta/service-kit';
import type { FastifyBaseLogger } from 'fastify';
import { eraseUser } from '../store/erase-user.js';

export const USER_DELETED_GROUP = 'notification:user-deleted';

/** Jobs not yet running (a running one finds the account gone when it sends). */
const PENDING = ['waiting', 'delayed', 'prioritized'] as const;
const PAGE = 500;

/** Whether a job's data names the account or is addressed to it. */
export const jobIsFor = (data: unknown, userId: string, address: string): boolean => {
  const job = (data ?? {}) as { userId?: unknown; email?: unknown };
  return (
    job.userId === userId ||
    (typeof job.email === 'string' && job.email.trim().toLowerCase() === address)
  );
};

/** Removes the account's pending jobs from a queue; how many went. */
export async function removeQueuedFor(
  queue: Queue,
  userId: string,
  email: string,
): Promise<number> {
  const address = email.trim().toLowerCase();
  const found = [];
  // Collected first: removing while paging would shift the pages.
  for (let start = 0; ; start += PAGE) {
    const jobs = await queue.getJobs([...PENDING], start, start + PAGE - 1, true);
    found.push(...jobs.filter((job) => job && jobIsFor(job.data, userId, address)));
    if (jobs.length < PAGE) break;
  }
  let removed = 0;
  for (const job of found) {
    // A job that started meanwhile cannot be removed; it sends nothing for a deleted account.
    if (
      await job.remove().then(
        () => true,
        () => false,
      )
    )
      removed++;
  }
  return removed;
}

export interface UserDeletedDeps {
  bus: Pick<EventBus, 'consume'>;
  db: Database;
  redis: Redis;
  prefix: string;
  /** How long the account view keeps the tombstone (ACCOUNT_VIEW_TTL_SECONDS). */
  accountTtlSeconds: number;
  consumer: string;
  /** The queues that may hold jobs for the account (notify, reminders). */
  queues: Queue[];
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
}

/**
 * On `user.deleted`: marks the account deleted in the account view, erases what the service holds for the account in one transaction (eraseUser),
 * then removes its jobs still waiting in the queues. Once per event id; a replay finds nothing more.
 */
export function startUserDeletedConsumer(deps: UserDeletedDeps) {
  return consumeEvents(deps, {
    topic: TOPICS.userDeleted,
    group: USER_DELETED_GROUP,
    once: true,
    failure: 'user.deleted not applied',
    handle: async ({ userId, email, deletedAt }, event) => {
      // The view refuses the account first, so a job running meanwhile finds it deleted.
      await storeAccountDeleted(deps.redis, deps.prefix, userId, deletedAt, deps.accountTtlSeconds);
      const erased = await deps.db.transaction(async (handle) =>
        eraseUser(handle as unknown as Database, userId, email),
      );
      let jobs = 0;
      for (const queue of deps.queues) jobs += await removeQueuedFor(queue, userId, email);
      deps.log.info({ eventId: event.id, ...erased, jobs }, 'deleted account erased');
    },
  });
}
