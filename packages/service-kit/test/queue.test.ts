import { randomUUID } from 'node:crypto';
import { JOBS, QUEUES } from '@oneeta/contracts';
import { afterAll, describe, expect, it } from 'vitest';
import { createQueue, createWorker, KEEP_COMPLETED, KEEP_FAILED } from '../src/queue.js';
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
    const job = await queue.add(entry.name, { sessionId: 's1', reason: 'save', requestedAt: new Date().toISOString() });
    expect(job.opts).toMatchObject({ attempts: entry.attempts, backoff: entry.backoff, removeOnComplete: KEEP_COMPLETED, removeOnFail: KEEP_FAILED });
    await queue.close();
  });

  it('refuses a worker connection that gives up on commands, and processes jobs with a waiting one', async () => {
    expect(() => createWorker(entry, async () => 'x', { connection: producer, redisPrefix: prefix })).toThrow(/maxRetriesPerRequest: null/);
    const seen: string[] = [];
    const worker = createWorker(entry, async (job) => seen.push((job.data as { sessionId: string }).sessionId), { connection: waiting, redisPrefix: prefix });
    await eventually(() => seen.includes('s1'));
    await worker.close();
  });
});
