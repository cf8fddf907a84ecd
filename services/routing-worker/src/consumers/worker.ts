import {
  JOBS,
  QUEUES,
  ROUTE_WORKER_BEAT_MS,
  routeWorkersKey,
  type RouteMatrixResult,
  type RouteWorkerBeat,
} from '@oneeta/contracts';
import { startMatrixWorker, type MatrixWorkerOptions } from './matrix-worker.js';

export type RouteWorkerOptions = MatrixWorkerOptions<
  (typeof JOBS)[typeof QUEUES.routeMatrix],
  RouteMatrixResult
>;

/**
 * The BullMQ worker of the route-matrix queue (startMatrixWorker's habits), with its metrics and a
 * heartbeat in Redis for the admin queue panel. `close()` lets running jobs finish.
 */
export function startRouteWorker(opts: RouteWorkerOptions) {
  const { metrics, log } = opts;
  const startedAt = new Date().toISOString();
  let running = 0;

  const worker = startMatrixWorker(JOBS[QUEUES.routeMatrix], opts, async (job) => {
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
  });

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
