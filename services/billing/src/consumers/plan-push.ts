import { JOBS, QUEUES, type Plan } from '@oneeta/contracts';
import { createRedis, createWorker } from '@oneeta/service-kit';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import type { AuthClient } from '../providers/auth.js';
import type { BillingStore } from '../store/billing-store.js';

/** How a push ended: auth took a new plan, already had it, or the account is not billing's to set. */
export type PlanPushOutcome = 'pushed' | 'unchanged' | 'skipped';

/** Rounds of "read, write, read again" before the job gives up for a retry (plans moving meanwhile). */
const MAX_ROUNDS = 5;

/**
 * Brings auth in line with the plan billing's subscriptions give the user now (the newest live
 * one's, else free). It reads that plan when it runs, so a late, repeated or out-of-order push
 * sends the newest plan, never the one of the event that queued it; and after a write it reads
 * both sides again, so of two pushes racing the last write is the current plan. A user billing
 * never sold anything to, an enterprise account (set by the team) or an unknown one is left alone.
 * Auth unreachable or failing throws: the job retries with backoff.
 */
export function createPlanPusher(deps: {
  store: Pick<BillingStore, 'hasSubscriptions' | 'planFromSubscriptions'>;
  auth: AuthClient;
}) {
  return async function pushPlan(userId: string): Promise<PlanPushOutcome> {
    if (!(await deps.store.hasSubscriptions(userId))) return 'skipped';
    let wrote: Plan | null = null;
    for (let round = 0; round < MAX_ROUNDS; round++) {
      const desired = await deps.store.planFromSubscriptions(userId);
      const current = await deps.auth.planOf(userId);
      if (current === null || current === 'enterprise') return 'skipped';
      if (current === desired) return wrote ? 'pushed' : 'unchanged';
      await deps.auth.setPlan(userId, desired);
      wrote = desired;
    }
    throw new Error(`the plan of ${userId} kept moving during its push`);
  };
}

/**
 * The billing-plan-push worker: one job at a time per replica (pushes are tiny), each retried by
 * the catalog's backoff until auth takes the plan. Close it on shutdown.
 */
export function startPlanPushWorker(deps: {
  config: Pick<Config, 'REDIS_URL' | 'REDIS_PREFIX'>;
  pushPlan: (userId: string) => Promise<PlanPushOutcome>;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
}): { ready: Promise<void>; close: () => Promise<void> } {
  const entry = JOBS[QUEUES.planPush];
  const connection = createRedis(deps.config.REDIS_URL, { role: 'worker' });
  const worker = createWorker(entry, async (job) => deps.pushPlan(job.data.userId), {
    connection,
    redisPrefix: deps.config.REDIS_PREFIX,
    concurrency: 1,
    log: deps.log,
  });
  worker.on('failed', (job, err) => {
    const final = job ? job.attemptsMade >= (job.opts.attempts ?? 1) : false;
    const entryLog = { jobId: job?.id, attemptsMade: job?.attemptsMade, err: err.message };
    if (final)
      deps.log.error(
        entryLog,
        'billing: plan push gave up (the next billing event of the user queues another)',
      );
    else deps.log.warn(entryLog, 'billing: plan push failed, retrying');
  });
  return {
    ready: worker.waitUntilReady().then(() => {}),
    close: async () => {
      await worker.close();
      connection.disconnect();
    },
  };
}
