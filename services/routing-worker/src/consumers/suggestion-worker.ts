import { JOBS, QUEUES, type SuggestionMatrixJobResult } from '@oneeta/contracts';
import { createWorker, type CatalogJob, type Redis } from '@oneeta/service-kit';
import type { FastifyBaseLogger } from 'fastify';
import type { WorkerMetrics } from '../providers/metrics.js';

export interface SuggestionWorkerOptions {
  /** A connection made for BullMQ workers (maxRetriesPerRequest: null). */
  connection: Redis;
  redisPrefix: string;
  workerId: string;
  concurrency: number;
  lockMs: number;
  stalledIntervalMs: number;
  process: (
    job: CatalogJob<(typeof JOBS)[typeof QUEUES.suggestionMatrix]>,
  ) => Promise<SuggestionMatrixJobResult>;
  metrics: WorkerMetrics;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
}

/**
 * The BullMQ worker of the suggestion-matrix queue, with the route-matrix worker's habits
 * (concurrency, stalled-job recovery, bounded retention, retries from the job catalog).
 * `close()` lets running jobs finish.
 */
export function startSuggestionWorker(opts: SuggestionWorkerOptions) {
  const { metrics, log } = opts;
  const worker = createWorker(
    JOBS[QUEUES.suggestionMatrix],
    async (job) => {
      try {
        const result = await opts.process(job);
        metrics.suggestionJobs.inc({ outcome: result.outcome });
        return result;
      } catch (err) {
        metrics.suggestionJobs.inc({ outcome: 'failed' });
        throw err;
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
      'suggestion-matrix job failed',
    ),
  );
  return {
    worker,
    isRunning: () => worker.isRunning(),
    close: () => worker.close(),
  };
}
export type SuggestionWorker = ReturnType<typeof startSuggestionWorker>;
