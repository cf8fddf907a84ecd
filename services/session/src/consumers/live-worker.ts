import { JOBS, QUEUES } from '@oneeta/contracts';
import {
  createQueue,
  createRedis,
  createWorker,
  type AccountLookup,
  type Database,
  type Outbox,
} from '@oneeta/service-kit';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import { checkLive } from '../actions/live-check.js';
import type { Notify } from '../actions/notify.js';
import { liveCandidates } from '../store/live-store.js';

export interface LiveChecksDeps {
  db: Database;
  outbox: Outbox;
  notify: Notify;
  dwellMs: number;
  /** The owner's current plan for re-plan offers (LiveCheckOptions.accounts). */
  accounts?: AccountLookup;
  wakeRelay?: () => void;
  log: Pick<FastifyBaseLogger, 'error'>;
}

/**
 * One pass over the open sessions the live check looks at (liveCandidates), each in its own
 * transaction: a session whose view changed is refreshed (session.changed, session.schedule and
 * its nudge, in that transaction). A failing session is logged and the pass goes on.
 */
export async function runLiveChecks(
  deps: LiveChecksDeps,
  now = new Date(),
): Promise<{ sessions: number; alerts: number }> {
  let alerts = 0;
  let touched = 0;
  const ids = await liveCandidates(deps.db, now);
  for (const id of ids) {
    try {
      const result = await deps.db.transaction(async (handle) => {
        const tx = handle as unknown as Database;
        const r = await checkLive(tx, id, now, {
          outbox: deps.outbox,
          dwellMs: deps.dwellMs,
          accounts: deps.accounts,
        });
        if (r.visible) await deps.notify(tx, id, 'live', undefined, { userIds: 'all' });
        return r;
      });
      alerts += result.alerts;
      if (result.visible || result.alerts > 0) touched++;
    } catch (err) {
      deps.log.error({ err, sessionId: id }, 'live check failed');
    }
  }
  if (touched > 0) deps.wakeRelay?.();
  return { sessions: ids.length, alerts };
}

/**
 * The periodic live check: a BullMQ job scheduler ticks every LIVE_CHECK_INTERVAL_MS (one job per
 * tick however many replicas run), and a worker runs one pass per job.
 */
export function startLiveChecks(
  config: Pick<Config, 'REDIS_URL' | 'REDIS_PREFIX' | 'LIVE_CHECK_INTERVAL_MS'>,
  deps: LiveChecksDeps,
) {
  const entry = JOBS[QUEUES.liveCheck];
  const producer = createRedis(config.REDIS_URL, { role: 'producer' });
  const connection = createRedis(config.REDIS_URL, { role: 'worker' });
  const queue = createQueue(entry, {
    connection: producer,
    redisPrefix: config.REDIS_PREFIX,
    log: deps.log,
  });
  // BullMQ types a scheduler's id like a job name; 'live-check' names the scheduler, not its jobs.
  const ready = queue.upsertJobScheduler(
    'live-check' as typeof entry.name,
    { every: config.LIVE_CHECK_INTERVAL_MS },
    { name: entry.name, data: {} },
  );
  const worker = createWorker(entry, () => runLiveChecks(deps), {
    connection,
    redisPrefix: config.REDIS_PREFIX,
    concurrency: 1,
    log: deps.log,
  });
  return {
    ready,
    close: async () => {
      await worker.close();
      await queue.close();
      connection.disconnect();
      producer.disconnect();
    },
  };
}
