/**
 * The route-matrix queue as the admin portal's queue panel shows it (ARCHITECTURE §3 step 6):
 * counts, running and stalled jobs, recent jobs with what they computed, the workers' heartbeats
 * and the sessions' deduplication keys. Read-only: it never changes the queue.
 */
import {
  ADMIN_QUEUE_LIMIT,
  bullPrefix,
  QUEUES,
  ROUTE_WORKER_BEAT_MS,
  routeMatrixResultSchema,
  routeWorkerBeatSchema,
  routeWorkersKey,
  type QueueJob,
  type QueueSnapshot,
  type QueueWorker,
} from '@oneeta/contracts';
import type { Redis } from '@oneeta/service-kit';
import type { Job, Queue } from 'bullmq';

/** A worker whose heartbeat is older than this many beats is shown as stale. */
const STALE_AFTER_BEATS = 3;
const QUEUED = ['waiting', 'prioritized', 'delayed'] as const;

export function jobView(job: Job, status: QueueJob['status']): QueueJob {
  const result = routeMatrixResultSchema.safeParse(job.returnvalue).data;
  const progress = job.progress as { participantIds?: unknown } | number;
  const progressIds =
    typeof progress === 'object' && Array.isArray(progress.participantIds)
      ? progress.participantIds.map(String)
      : [];
  const data = job.data as { sessionId?: unknown; reason?: unknown };
  return {
    jobId: job.id ?? '',
    sessionId: typeof data.sessionId === 'string' ? data.sessionId : null,
    participantIds: result?.participantIds ?? progressIds,
    cachedKeys: result?.cachedKeys ?? 0,
    status,
    attempts: job.attemptsMade,
    cells: result?.cells ?? 0,
    reason: {
      code: result?.outcome ?? (typeof data.reason === 'string' ? data.reason : 'unknown'),
      cachedExpiresAt: result?.cachedExpiresAt ?? null,
    },
    priority: job.priority ?? 0,
    createdAt: new Date(job.timestamp).toISOString(),
    finishedAt: job.finishedOn ? new Date(job.finishedOn).toISOString() : null,
    failedReason: job.failedReason ?? null,
  };
}

export function workerView(beatJson: string, now: Date): QueueWorker | null {
  const beat = routeWorkerBeatSchema.safeParse(safeJson(beatJson)).data;
  if (!beat) return null;
  const age = now.getTime() - Date.parse(beat.lastSeen);
  const status =
    age > STALE_AFTER_BEATS * ROUTE_WORKER_BEAT_MS
      ? 'stale'
      : beat.jobsProcessing > 0
        ? 'busy'
        : 'idle';
  return {
    workerId: beat.workerId,
    status,
    jobsProcessing: beat.jobsProcessing,
    lastSeen: beat.lastSeen,
  };
}

export async function queueSnapshot(deps: {
  queue: Queue;
  redis: Redis;
  redisPrefix: string;
  now?: Date;
  limit?: number;
}): Promise<QueueSnapshot> {
  const { queue, redis } = deps;
  const now = deps.now ?? new Date();
  const limit = deps.limit ?? ADMIN_QUEUE_LIMIT;
  const counts = await queue.getJobCounts('waiting', 'prioritized', 'delayed', 'active');
  const [active, queuedLists, finished] = await Promise.all([
    queue.getJobs(['active'], 0, limit - 1),
    Promise.all(
      QUEUED.map(async (state) => ({
        state,
        jobs: await queue.getJobs([state], 0, limit - 1, true),
      })),
    ),
    Promise.all(
      (['completed', 'failed'] as const).map(async (state) => ({
        state,
        jobs: await queue.getJobs([state], 0, limit - 1),
      })),
    ),
  ]);
  // An active job whose lock has lapsed belongs to a worker that died; BullMQ hands it to another soon.
  const jobKey = (id: string) => `${bullPrefix(deps.redisPrefix)}:${QUEUES.routeMatrix}:${id}:lock`;
  const locks = active.length > 0 ? await redis.mget(active.map((j) => jobKey(j.id ?? ''))) : [];
  const stalled = active.filter((_, i) => locks[i] === null).map((j) => jobView(j, 'active'));
  const queued = queuedLists.flatMap(({ state, jobs }) => jobs.map((j) => jobView(j, state)));
  const recent = [
    ...queued,
    ...active.map((j) => jobView(j, 'active')),
    ...finished.flatMap(({ state, jobs }) => jobs.map((j) => jobView(j, state))),
  ]
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
    .slice(0, limit);
  const oldest = queued.map((j) => j.createdAt).sort()[0] ?? null;

  const beats = await redis.hgetall(routeWorkersKey(deps.redisPrefix));
  const workers = Object.values(beats)
    .flatMap((b) => workerView(b, now) ?? [])
    .sort((a, b) => a.workerId.localeCompare(b.workerId));

  return {
    queuedCount: (counts.waiting ?? 0) + (counts.prioritized ?? 0) + (counts.delayed ?? 0),
    processingCount: counts.active ?? 0,
    oldestQueuedAt: oldest,
    processing: active.map((j) => jobView(j, 'active')),
    stalled,
    recentJobs: recent,
    workers,
    enqueueKeys: await dedupKeys(redis, deps.redisPrefix, limit),
    generatedAt: now.toISOString(),
  };
}

/** The sessions' deduplication keys (`session:{id}`), the job each holds and when it expires. */
async function dedupKeys(
  redis: Redis,
  redisPrefix: string,
  limit: number,
): Promise<QueueSnapshot['enqueueKeys']> {
  const base = `${bullPrefix(redisPrefix)}:${QUEUES.routeMatrix}:de:`;
  const keys: string[] = [];
  let cursor = '0';
  do {
    const [next, batch] = await redis.scan(cursor, 'MATCH', `${base}*`, 'COUNT', 200);
    cursor = next;
    keys.push(...batch);
  } while (cursor !== '0' && keys.length < limit);
  const chosen = keys.slice(0, limit);
  if (chosen.length === 0) return [];
  const pipe = redis.pipeline();
  for (const k of chosen) pipe.get(k).pttl(k);
  const replies = (await pipe.exec()) ?? [];
  return chosen.map((k, i) => {
    const jobId = replies[2 * i]?.[1] as string | null;
    const ttl = replies[2 * i + 1]?.[1] as number;
    return {
      key: k.slice(base.length),
      jobId,
      expiresAt: ttl > 0 ? new Date(Date.now() + ttl).toISOString() : null,
    };
  });
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
