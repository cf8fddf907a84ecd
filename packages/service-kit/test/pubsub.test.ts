import { randomUUID } from 'node:crypto';
import type { SessionNudge } from '@oneeta/contracts';
import type { Redis } from 'ioredis';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSessionSubscriber, publishSessionNudge, sessionChannel } from '../src/pubsub.js';
import type { SessionSubscriber } from '../src/pubsub.js';
import { createRedis } from '../src/redis.js';
import { testRedisUrl, eventually as waitFor } from '../src/testing.js';

const REDIS_URL = testRedisUrl();

let publisher: Redis;
let prefix: string;
let subscriber: SessionSubscriber;
let received: [string, SessionNudge][];

beforeEach(() => {
  publisher = createRedis(REDIS_URL);
  prefix = `test-${randomUUID()}`;
  received = [];
  subscriber = createSessionSubscriber(REDIS_URL, prefix, (sessionId, message) => {
    received.push([sessionId, message]);
  });
});

afterEach(async () => {
  await subscriber.close();
  await publisher.quit();
});

const refresh = (sessionId: string): SessionNudge => ({ type: 'refresh-session', sessionId });

describe('session pub/sub', () => {
  it('names the channel session:{id} under the prefix', () => {
    expect(sessionChannel('oneeta', 's-1')).toBe('oneeta:session:s-1');
  });

  it('delivers a nudge published by another connection to the session subscriber', async () => {
    await subscriber.subscribe('s-1');
    const receivers = await publishSessionNudge(publisher, prefix, 's-1', {
      type: 'chat-message',
      sessionId: 's-1',
    });

    expect(receivers).toBe(1);
    await waitFor(() => received.length === 1);
    expect(received).toEqual([['s-1', { type: 'chat-message', sessionId: 's-1' }]]);
  });

  it('ignores other sessions and invalid payloads', async () => {
    await subscriber.subscribe('s-1');
    const channel = sessionChannel(prefix, 's-1');

    expect(await publishSessionNudge(publisher, prefix, 's-2', refresh('s-2'))).toBe(0);
    await publisher.publish(channel, 'not json');
    await publisher.publish(channel, JSON.stringify({ type: 'explode', sessionId: 's-1' }));
    await publisher.publish(channel, JSON.stringify(refresh('s-2')));
    await publishSessionNudge(publisher, prefix, 's-1', refresh('s-1'));

    await waitFor(() => received.length > 0);
    expect(received).toEqual([['s-1', refresh('s-1')]]);
  });

  it('subscribes to a session channel only once', async () => {
    await Promise.all([subscriber.subscribe('s-1'), subscriber.subscribe('s-1')]);
    await subscriber.subscribe('s-1');

    expect(subscriber.subscribed()).toEqual(['s-1']);
    const [, count] = (await publisher.pubsub('NUMSUB', sessionChannel(prefix, 's-1'))) as [
      string,
      number,
    ];
    expect(count).toBe(1);
  });

  it('stops delivering a session after unsubscribe', async () => {
    await subscriber.subscribe('s-1');
    await subscriber.subscribe('s-2');
    await subscriber.unsubscribe('s-1');

    expect(subscriber.subscribed()).toEqual(['s-2']);
    expect(await publishSessionNudge(publisher, prefix, 's-1', refresh('s-1'))).toBe(0);
    await publishSessionNudge(publisher, prefix, 's-2', refresh('s-2'));
    await waitFor(() => received.length > 0);
    expect(received).toEqual([['s-2', refresh('s-2')]]);
  });

  it('rejects publishing a nudge that does not match the contract', async () => {
    const bogus = { type: 'explode', sessionId: 's-1' } as unknown as SessionNudge;
    await expect(publishSessionNudge(publisher, prefix, 's-1', bogus)).rejects.toThrow();
  });
});
