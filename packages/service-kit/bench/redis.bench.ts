import { afterAll, bench, describe } from 'vitest';
import { createEventBus } from '../src/bus.js';
import { createRateLimiter } from '../src/rate-limit.js';
import { createRedis } from '../src/redis.js';
import { deleteKeys, testRedisUrl, uniquePrefix } from '../src/testing.js';

const redis = createRedis(testRedisUrl());
const prefix = uniquePrefix('bench');
const bus = createEventBus({ redis, prefix, source: 'bench', maxLen: 10_000 });
const limiter = createRateLimiter(redis, `${prefix}:rl`);
let n = 0;

afterAll(async () => {
  await bus.close();
  await deleteKeys(redis, prefix);
  redis.disconnect();
});

describe('redis round trips', () => {
  bench('bus.publish (XADD with MAXLEN ~)', async () => {
    await bus.publish('session.changed', {
      sessionId: `s${n++}`,
      creatorUserId: 'u1',
      isClosed: false,
      closedAt: null,
      participantCount: 2,
      reason: 'bench',
    });
  });
  bench('rateLimiter.hit (one Lua call)', async () => {
    await limiter.hit(`k${n++ % 100}`, { limit: 1_000_000, windowSeconds: 60 });
  });
});
