import type { z } from 'zod';
import {
  createWorker,
  type CatalogJob,
  type JobCatalogEntry,
  type Redis,
} from '@oneeta/service-kit';
import type { FastifyBaseLogger } from 'fastify';
import type { WorkerMetrics } from '../providers/metrics.js';

/** A catalog entry whose jobs name their session (route-matrix, suggestion-matrix). */
type SessionJobEntry = JobCatalogEntry<z.ZodType<{ sessionId: string }>>;

/** What each of the routing worker's BullMQ workers is given. */
export interface MatrixWorkerOptions<E extends SessionJobEntry, R> {
  /** A connection made for BullMQ workers (maxRetriesPerRequest: null). */
  connection: Redis;
  redisPrefix: string;
  workerId: string;
  concurrency: number;
  lockMs: number;
  stalledIntervalMs: number;
  process: (job: CatalogJob<E>) => Promise<R>;
  metrics: WorkerMetrics;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
}

/**
 * The BullMQ worker of one catalog queue with the production habits of conventions.md:
 * concurrency from env, stalled-job recovery (a killed worker's job returns to the queue once its
 * lock lapses, up to twice), bounded completed/failed retention, retries from the job catalog,
 * `error` listened to, and each failed attempt logged with its session. `run` wraps `process`
 * (the caller's metrics).
 */
export function startMatrixWorker<E extends SessionJobEntry, R>(
  entry: E,
  opts: MatrixWorkerOptions<E, R>,
  run: (job: CatalogJob<E, R>) => Promise<R>,
) {
  const { log } = opts;
  const worker = createWorker(entry, run, {
    connection: opts.connection,
    redisPrefix: opts.redisPrefix,
    concurrency: opts.concurrency,
    lockDuration: opts.lockMs,
    stalledInterval: opts.stalledIntervalMs,
    name: opts.workerId,
    log,
  });
  worker.on('failed', (job, err) =>
    log.warn(
      {
        jobId: job?.id,
        sessionId: job?.data?.sessionId,
        attemptsMade: job?.attemptsMade,
        err: err.message,
      },
      `${entry.queue} job failed`,
    ),
  );
  return worker;
}
