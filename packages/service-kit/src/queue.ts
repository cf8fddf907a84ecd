import { Queue, UnrecoverableError, Worker, type Job, type WorkerOptions } from 'bullmq';
import { bullPrefix } from '@oneeta/contracts';
import type { Redis } from 'ioredis';
import type { JobCatalogEntry, JobData, JobInput } from './catalog.js';

export type { JobCatalogEntry } from './catalog.js';

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
export function retryAfterBackoff(
  attemptsMade: number,
  type: string | undefined,
  err: Error | undefined,
  job: { opts: { backoff?: unknown } } | undefined,
): number {
  if (type !== RETRY_AFTER) throw new Error(`Unknown backoff strategy ${type}`);
  const delay = (job?.opts.backoff as { delay?: number } | undefined)?.delay ?? 1000;
  const exponential = Math.round(2 ** (attemptsMade - 1) * delay);
  const asked =
    err instanceof RetryLaterError && err.retryAfterMs !== null
      ? Math.min(err.retryAfterMs, MAX_RETRY_AFTER_MS)
      : 0;
  return Math.max(exponential, asked);
}

/** Finished jobs kept for inspection (the admin queue panel); older ones are removed. */
export const KEEP_COMPLETED = { count: 1000 } as const;
export const KEEP_FAILED = { count: 5000 } as const;

interface Logger {
  error(obj: object, msg: string): void;
}

/** A producer queue whose `add` takes the catalog's job name and payload only. */
export type TypedQueue<E extends JobCatalogEntry> = Queue<JobInput<E>, unknown, E['name']>;
/** A job as its worker's processor gets it: `data` already parsed by the catalog's schema. */
export type CatalogJob<E extends JobCatalogEntry, R = unknown> = Job<JobData<E>, R, E['name']>;

export interface QueueOptions {
  /** A producer connection (createRedis role 'producer': fails fast, the outbox relay retries). */
  connection: Redis;
  /** REDIS_PREFIX; BullMQ keys live under bullPrefix(prefix). */
  redisPrefix: string;
  log?: Logger;
}

/** A BullMQ queue whose jobs get the catalog's attempts and backoff and bounded retention by default. */
export function createQueue<E extends JobCatalogEntry>(
  entry: E,
  opts: QueueOptions,
): TypedQueue<E> {
  const queue = new Queue<JobInput<E>, unknown, E['name']>(entry.queue, {
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

export interface WorkerSettings extends Pick<
  WorkerOptions,
  'concurrency' | 'lockDuration' | 'stalledInterval' | 'maxStalledCount' | 'name'
> {
  /** A connection that waits for Redis (createRedis role 'worker': maxRetriesPerRequest null). */
  connection: Redis;
  redisPrefix: string;
  log?: Logger;
}

/**
 * The BullMQ worker of a catalog queue with the production habits of CONVENTIONS.md: a waiting
 * connection (maxRetriesPerRequest null is required), bounded completed/failed retention, stalled
 * jobs retried at most twice, `error` listened to. Every job is checked here, once: one whose name
 * or data does not fit the catalog fails at once, without retries (BullMQ's failed set is the
 * queue's dead letter), and `process` never sees it; the others reach it with `job.data` parsed.
 * Close it (`worker.close()`) on SIGTERM: the service's onClose hook does, through runService.
 */
export function createWorker<E extends JobCatalogEntry, R>(
  entry: E,
  process: (job: CatalogJob<E, R>) => Promise<R>,
  settings: WorkerSettings,
): Worker<JobData<E>, R, E['name']> {
  if (settings.connection.options.maxRetriesPerRequest !== null) {
    throw new Error(
      'A BullMQ worker needs a connection with maxRetriesPerRequest: null (createRedis role "worker")',
    );
  }
  const { connection, redisPrefix, log, ...tuning } = settings;
  // Unset tuning keeps BullMQ's defaults (an explicit undefined would override them).
  const given = Object.fromEntries(Object.entries(tuning).filter(([, v]) => v !== undefined));
  const worker = new Worker<JobData<E>, R, E['name']>(
    entry.queue,
    (job) => process(checked(entry, job)),
    {
      maxStalledCount: 2,
      ...given,
      connection,
      prefix: bullPrefix(redisPrefix),
      removeOnComplete: KEEP_COMPLETED,
      removeOnFail: KEEP_FAILED,
      settings: { backoffStrategy: retryAfterBackoff },
    },
  );
  worker.on('error', (err) => log?.error({ err, queue: entry.queue }, 'worker error'));
  return worker;
}

/** The job with its data parsed by the catalog's schema; a job that does not fit fails for good. */
function checked<E extends JobCatalogEntry, R>(entry: E, job: CatalogJob<E, R>): CatalogJob<E, R> {
  if (job.name !== entry.name)
    throw new UnrecoverableError(`unknown job name ${job.name} on ${entry.queue}`);
  const parsed = entry.schema.safeParse(job.data);
  if (!parsed.success) {
    const issues = parsed.error.issues
      .map((i) => `${i.path.join('.') || '(data)'} ${i.message}`)
      .join('; ');
    throw new UnrecoverableError(`bad ${entry.queue} payload: ${issues}`.slice(0, 500));
  }
  job.data = parsed.data as JobData<E>;
  return job;
}
