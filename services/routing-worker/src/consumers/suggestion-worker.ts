import { JOBS, QUEUES, type SuggestionMatrixJobResult } from '@oneeta/contracts';
import { startMatrixWorker, type MatrixWorkerOptions } from './matrix-worker.js';

export type SuggestionWorkerOptions = MatrixWorkerOptions<
  (typeof JOBS)[typeof QUEUES.suggestionMatrix],
  SuggestionMatrixJobResult
>;

/**
 * The BullMQ worker of the suggestion-matrix queue, with the route-matrix worker's habits
 * (startMatrixWorker), counting each job's outcome. `close()` lets running jobs finish.
 */
export function startSuggestionWorker(opts: SuggestionWorkerOptions) {
  const { metrics } = opts;
  const worker = startMatrixWorker(JOBS[QUEUES.suggestionMatrix], opts, async (job) => {
    try {
      const result = await opts.process(job);
      metrics.suggestionJobs.inc({ outcome: result.outcome });
      return result;
    } catch (err) {
      metrics.suggestionJobs.inc({ outcome: 'failed' });
      throw err;
    }
  });
  return {
    worker,
    isRunning: () => worker.isRunning(),
    close: () => worker.close(),
  };
}
export type SuggestionWorker = ReturnType<typeof startSuggestionWorker>;
