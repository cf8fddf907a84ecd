import { Queue, Worker, type Job, type WorkerOptions } from 'bullmq';
import { bullPrefix } from '@oneeta/contracts';
import type { Redis } from 'ioredis';
import type { z } from 'zod';

/** One entry of the job catalog in contracts (`JOBS[queue]`): the queue, the job name, its payload and retry policy. */
export interface JobCatalogEntry<S extends z.ZodType = z.ZodType> {
  queue: string;
  name: string;
  schema: S;
  attempts: number;
  /** 'retry-after': exponential, unless the failure says when to try again (see RetryLaterError). */
  backoff: { type: 'exponential' | 'fixed' | typeof RETRY_AFTER; delay: number };
}

export const RETRY_AFTER = 'retry-after';
/** The longest a 'retry-after' job waits for one retry, whatever a server asks for. */
export const MAX_RETRY_AFTER_MS = 10 * 60_000;

/**
 * A failure that says when to try again, e.g. a server's `Retry-After` (retryAfterMs, null when it
 * said nothing). A job whose catalog backoff is 'retry-after' waits that long (at most
 * MAX_RETRY_AFTER_MS), and never less than its exponential backoff.
 */
export class RetryLaterError extends Error {
  constructor(
    message: string,
    readonly retryAfterMs: number | null = null,
  ) {
    super(message);
  }
}

/** BullMQ's custom backoff (called for types it does not know): 'retry-after'. */
export function retryAfterBackoff(attemptsMade: number, type: string | undefined, err: Error | undefined, job: { opts: { backoff?: unknown } } | undefined): number {
  if (type !== RETRY_AFTER) throw new Error(`Unknown backoff strategy ${type}`);
  const delay = (job?.opts.backoff as { delay?: number } | undefined)?.delay ?? 1000;
  const exponential = Math.round(2 ** (attemptsMade - 1) * delay);
  const asked = err instanceof RetryLaterError && err.retryAfterMs !== null ? Math.min(err.retryAfterMs, MAX_RETRY_AFTER_MS) : 0;
  return Math.max(exponential, asked);
}

/** Finished jobs kept for inspection (the admin queue panel); older ones are removed. */
export const KEEP_COMPLETED = { count: 1000 } as const;
export const KEEP_FAILED = { count: 5000 } as const;

interface Logger {
  error(obj: object, msg: string): void;
}

export interface QueueOptions {
  /** A producer connection (createRedis role 'producer': fails fast, the outbox relay retries). */
  connection: Redis;
  /** REDIS_PREFIX; BullMQ keys live under bullPrefix(prefix). */
  redisPrefix: string;
  log?: Logger;
}

/** A BullMQ queue whose jobs get the catalog's attempts and backoff and bounded retention by default. */
export function createQueue(entry: JobCatalogEntry, opts: QueueOptions): Queue {
  const queue = new Queue(entry.queue, {
    connection: opts.connection,
    prefix: bullPrefix(opts.redisPrefix),
    defaultJobOptions: {
      attempts: entry.attempts,
      backoff: entry.backoff,
      removeOnComplete: KEEP_COMPLETED,
      removeOnFail: KEEP_FAILED,
    },
  });
  queue.on('error', (err) => opts.log?.error({ err, queue: entry.queue }, 'queue error'));
  return queue;
}

export interface WorkerSettings extends Pick<WorkerOptions, 'concurrency' | 'lockDuration' | 'stalledInterval' | 'maxStalledCount' | 'name'> {
  /** A connection that waits for Redis (createRedis role 'worker': maxRetriesPerRequest null). */
  connection: Redis;
  redisPrefix: string;
  log?: Logger;
}

/**
 * The BullMQ worker of a catalog queue with the production habits of CONVENTIONS.md: a waiting
 * connection (maxRetriesPerRequest null is required), bounded completed/failed retention, stalled
 * jobs retried at most twice, `error` listened to. Close it (`worker.close()`) on SIGTERM: the
 * service's onClose hook does, through runService.
 */
export function createWorker<R>(entry: JobCatalogEntry, process: (job: Job) => Promise<R>, settings: WorkerSettings): Worker {
  if (settings.connection.options.maxRetriesPerRequest !== null) {
    throw new Error('A BullMQ worker needs a connection with maxRetriesPerRequest: null (createRedis role "worker")');
  }
  const { connection, redisPrefix, log, ...tuning } = settings;
  // Unset tuning keeps BullMQ's defaults (an explicit undefined would override them).
  const given = Object.fromEntries(Object.entries(tuning).filter(([, v]) => v !== undefined));
  const worker = new Worker(entry.queue, process, {
    maxStalledCount: 2,
    ...given,
    connection,
    prefix: bullPrefix(redisPrefix),
    removeOnComplete: KEEP_COMPLETED,
    removeOnFail: KEEP_FAILED,
    settings: { backoffStrategy: retryAfterBackoff },
  });
  worker.on('error', (err) => log?.error({ err, queue: entry.queue }, 'worker error'));
  return worker;
}
