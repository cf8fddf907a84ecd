import { randomUUID } from 'node:crypto';
import { JOBS, QUEUES } from '@oneeta/contracts';
import type { Queue } from 'bullmq';
import { afterAll, describe, expect, it } from 'vitest';
import {
  createQueue,
  createWorker,
  KEEP_COMPLETED,
  KEEP_FAILED,
  MAX_RETRY_AFTER_MS,
  retryAfterBackoff,
  RetryLaterError,
} from '../src/queue.js';
import { createRedis } from '../src/redis.js';
import { deleteKeys, eventually, testRedisUrl } from '../src/testing.js';

const prefix = `queue-${randomUUID()}`;
const producer = createRedis(testRedisUrl(), { role: 'producer' });
const waiting = createRedis(testRedisUrl(), { role: 'worker' });
const entry = JOBS[QUEUES.routeMatrix];

afterAll(async () => {
  await deleteKeys(waiting, `{${prefix}}`);
  producer.disconnect();
  waiting.disconnect();
});

describe('queues and workers from the job catalog', () => {
  it('gives every job the catalog attempts and backoff and bounded retention', async () => {
    const queue = createQueue(entry, { connection: producer, redisPrefix: prefix });
    const job = await queue.add(entry.name, {
      sessionId: 's1',
      reason: 'save',
      requestedAt: new Date().toISOString(),
    });
    expect(job.opts).toMatchObject({
      attempts: entry.attempts,
      backoff: entry.backoff,
      removeOnComplete: KEEP_COMPLETED,
      removeOnFail: KEEP_FAILED,
    });
    await queue.close();
  });

  it('refuses a worker connection that gives up on commands, and processes jobs with a waiting one', async () => {
    expect(() =>
      createWorker(entry, async () => 'x', { connection: producer, redisPrefix: prefix }),
    ).toThrow(/maxRetriesPerRequest: null/);
    const seen: string[] = [];
    const worker = createWorker(entry, async (job) => seen.push(job.data.sessionId), {
      connection: waiting,
      redisPrefix: prefix,
    });
    await eventually(() => seen.includes('s1'));
    await worker.close();
  });

  it('fails a malformed job at once, without retries, and never hands it to the processor', async () => {
    const queue = createQueue(entry, { connection: producer, redisPrefix: prefix });
    // A producer that is not typed by the catalog (another version, a hand-made job).
    const loose = queue as unknown as Queue;
    const bad = await loose.add(entry.name, { sessionId: 42 });
    const stranger = await loose.add('other-name', {
      sessionId: 's3',
      reason: 'save',
      requestedAt: new Date().toISOString(),
    });
    await queue.add(entry.name, {
      sessionId: 's2',
      reason: 'save',
      requestedAt: new Date().toISOString(),
    });
    const seen: unknown[] = [];
    const worker = createWorker(entry, async (job) => seen.push(job.data.sessionId), {
      connection: waiting,
      redisPrefix: prefix,
    });
    await eventually(() => seen.includes('s2'));
    const failed = await eventually(async () => {
      const [a, b] = await Promise.all([bad, stranger].map((j) => queue.getJob(j.id!)));
      return (await a?.isFailed()) && (await b?.isFailed()) ? [a!, b!] : undefined;
    });
    expect(failed[0]!.failedReason).toMatch(/^bad route-matrix payload: sessionId/);
    expect(failed[1]!.failedReason).toBe('unknown job name other-name on route-matrix');
    expect(failed.map((j) => j.attemptsMade)).toEqual([1, 1]);
    expect(seen).not.toContain(42);
    expect(seen).not.toContain('s3');
    await worker.close();
    await queue.close();
  });
});

describe("the 'retry-after' backoff", () => {
  const job = { opts: { backoff: { type: 'retry-after', delay: 1000 } } };
  it('is exponential unless the failure asks for longer, and never longer than MAX_RETRY_AFTER_MS', () => {
    expect([1, 2, 3].map((n) => retryAfterBackoff(n, 'retry-after', new Error('x'), job))).toEqual([
      1000, 2000, 4000,
    ]);
    expect(retryAfterBackoff(1, 'retry-after', new RetryLaterError('429', 30_000), job)).toBe(
      30_000,
    );
    expect(retryAfterBackoff(3, 'retry-after', new RetryLaterError('429', 500), job)).toBe(4000);
    expect(
      retryAfterBackoff(1, 'retry-after', new RetryLaterError('429', 24 * 3600_000), job),
    ).toBe(MAX_RETRY_AFTER_MS);
    expect(() => retryAfterBackoff(1, 'linear', new Error('x'), job)).toThrow(/Unknown backoff/);
  });
});
