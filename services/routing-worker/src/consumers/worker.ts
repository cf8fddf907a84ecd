import {
  JOBS,
  QUEUES,
  ROUTE_WORKER_BEAT_MS,
  routeWorkersKey,
  type RouteMatrixResult,
  type RouteWorkerBeat,
} from '@oneeta/contracts';
import { createWorker, type CatalogJob, type Redis } from '@oneeta/service-kit';
import type { FastifyBaseLogger } from 'fastify';
import type { WorkerMetrics } from '../providers/metrics.js';

export interface RouteWorkerOptions {
  /** A connection made for BullMQ workers (maxRetriesPerRequest: null). */
  connection: Redis;
  redisPrefix: string;
  workerId: string;
  concurrency: number;
  lockMs: number;
  stalledIntervalMs: number;
  process: (
    job: CatalogJob<(typeof JOBS)[typeof QUEUES.routeMatrix]>,
  ) => Promise<RouteMatrixResult>;
  metrics: WorkerMetrics;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
}

/**
 * The BullMQ worker of the route-matrix queue, with the production habits of CONVENTIONS.md:
 * concurrency from env, stalled-job recovery (a killed worker's job returns to the queue once its
 * lock lapses, up to twice), bounded completed/failed retention, `error` listened to, and a
 * heartbeat in Redis for the admin queue panel. `close()` lets running jobs finish.
 */
export function startRouteWorker(opts: RouteWorkerOptions) {
  const { metrics, log } = opts;
  const startedAt = new Date().toISOString();
  let running = 0;

  const worker = createWorker(
    JOBS[QUEUES.routeMatrix],
    async (job) => {
      running++;
      metrics.active.set(running);
      const end = metrics.jobDuration.startTimer();
      try {
        const result = await opts.process(job);
        metrics.jobs.inc({ outcome: result.outcome });
        return result;
      } catch (err) {
        metrics.jobs.inc({ outcome: 'failed' });
        throw err;
      } finally {
        end();
        running--;
        metrics.active.set(running);
      }
    },
    {
      connection: opts.connection,
      redisPrefix: opts.redisPrefix,
      concurrency: opts.concurrency,
      lockDuration: opts.lockMs,
      stalledInterval: opts.stalledIntervalMs,
      name: opts.workerId,
      log,
    },
  );
  worker.on('failed', (job, err) =>
    log.warn(
      {
        jobId: job?.id,
        sessionId: job?.data?.sessionId,
        attemptsMade: job?.attemptsMade,
        err: err.message,
      },
      'route-matrix job failed',
    ),
  );

  const key = routeWorkersKey(opts.redisPrefix);
  const beat = async () => {
    const info: RouteWorkerBeat = {
      workerId: opts.workerId,
      jobsProcessing: running,
      concurrency: opts.concurrency,
      startedAt,
      lastSeen: new Date().toISOString(),
    };
    await opts.connection
      .hset(key, opts.workerId, JSON.stringify(info))
      .catch((err: unknown) => log.warn({ err }, 'heartbeat failed'));
  };
  void beat();
  const timer = setInterval(() => void beat(), ROUTE_WORKER_BEAT_MS);
  timer.unref();

  return {
    worker,
    isRunning: () => worker.isRunning(),
    async close() {
      clearInterval(timer);
      await worker.close();
      await opts.connection.hdel(key, opts.workerId).catch(() => {});
    },
  };
}
export type RouteWorker = ReturnType<typeof startRouteWorker>;
