import { randomUUID } from 'node:crypto';
import type { EventEnvelope } from '@oneeta/contracts';
import type { ChainableCommander, Redis } from 'ioredis';
import client from 'prom-client';
import {
  startConsumer,
  type ConsumeOptions,
  type Consumer,
  type RawConsumeOptions,
  type TopicOf,
} from './bus-consumer.js';

import { EVENTS, type EventCatalog, type EventInput, type Events } from './catalog.js';
import { redisKey } from './redis.js';

export type { ConsumeOptions, Consumer, TopicOf } from './bus-consumer.js';

export interface EventBusOptions<C extends EventCatalog = Events> {
  redis: Redis;
  /** Topic → data schema: types publish and consume, and parses what a consumer reads (default: contracts' EVENT_DATA_SCHEMAS). */
  catalog?: C;
  prefix: string;
  source: string;
  /** Approximate stream length cap (XADD MAXLEN ~). */
  maxLen?: number;
  /** Deliveries after which a failing entry goes to the dead-letter stream (default 5). */
  maxDeliveries?: number;
  /** Counts dead letters (createBusMetrics on the service's registry). */
  metrics?: BusMetrics;
}

export interface BusMetrics {
  deadLetters: client.Counter<'topic' | 'group'>;
}

/** Registers the bus's counters on a service's registry (`app.metricsRegistry`). */
export function createBusMetrics(registry: client.Registry): BusMetrics {
  return {
    deadLetters: new client.Counter({
      name: 'bus_dead_letters_total',
      help: 'Events moved to a dead-letter stream after too many failed deliveries',
      labelNames: ['topic', 'group'],
      registers: [registry],
    }),
  };
}

export interface EventBus<C extends EventCatalog = Events> {
  /** `id` and `occurredAt` are fixed by the caller when the event was decided earlier (the outbox). */
  publish<T extends TopicOf<C>>(
    topic: T,
    data: EventInput<T, C>,
    opts?: { id?: string; occurredAt?: string },
  ): Promise<EventEnvelope<EventInput<T, C>>>;
  /**
   * Queues the XADD of an event on a MULTI/pipeline instead of sending it, so the event is written
   * atomically with the caller's own writes (e.g. cache cells and the usage they cost).
   */
  stage<T extends TopicOf<C>>(
    tx: ChainableCommander,
    topic: T,
    data: EventInput<T, C>,
    opts?: { id?: string; occurredAt?: string },
  ): EventEnvelope<EventInput<T, C>>;
  /** Reads a topic in a consumer group; each event's data is parsed by the catalog's schema first. */
  consume<T extends TopicOf<C>>(opts: ConsumeOptions<T, C>): Consumer;
  /** Counts dead letters on the service's registry (`app.metricsRegistry`) from now on. */
  instrument(registry: client.Registry): void;
  close(): Promise<void>;
}

export function streamKey(prefix: string, topic: string): string {
  return redisKey(prefix, 'stream', topic);
}

/**
 * Where a topic's poison entries go: fields `event` (the original), `originalId`, `group`,
 * `consumer`, `deliveries` and `error` (the last failure's message).
 */
export function deadLetterKey(prefix: string, topic: string): string {
  return redisKey(prefix, 'stream', 'dead', topic);
}

export function createEventBus<C extends EventCatalog = Events>(
  opts: EventBusOptions<C>,
): EventBus<C> {
  const catalog: EventCatalog = opts.catalog ?? EVENTS;
  const maxLen = opts.maxLen ?? 100_000;
  const consumers = new Set<Consumer>();
  let metrics = opts.metrics;
  const envelopeOf = <T>(
    topic: string,
    data: T,
    id?: string,
    occurredAt?: string,
  ): EventEnvelope<T> => ({
    id: id ?? randomUUID(),
    type: topic,
    occurredAt: occurredAt ?? new Date().toISOString(),
    source: opts.source,
    data,
  });

  return {
    async publish<T extends TopicOf<C>>(
      topic: T,
      data: EventInput<T, C>,
      publishOpts?: { id?: string; occurredAt?: string },
    ) {
      const envelope = envelopeOf(topic, data, publishOpts?.id, publishOpts?.occurredAt);
      await opts.redis.xadd(
        streamKey(opts.prefix, topic),
        'MAXLEN',
        '~',
        maxLen,
        '*',
        'event',
        JSON.stringify(envelope),
      );
      return envelope;
    },

    stage<T extends TopicOf<C>>(
      tx: ChainableCommander,
      topic: T,
      data: EventInput<T, C>,
      stageOpts?: { id?: string; occurredAt?: string },
    ) {
      const envelope = envelopeOf(topic, data, stageOpts?.id, stageOpts?.occurredAt);
      tx.xadd(
        streamKey(opts.prefix, topic),
        'MAXLEN',
        '~',
        maxLen,
        '*',
        'event',
        JSON.stringify(envelope),
      );
      return envelope;
    },

    consume<T extends TopicOf<C>>(consumeOpts: ConsumeOptions<T, C>) {
      const topic = consumeOpts.topic;
      const schema = catalog[topic];
      if (!schema)
        throw new Error(`No data schema for topic ${topic}: add it to the event catalog`);
      const consumer = startConsumer(
        opts.redis,
        streamKey(opts.prefix, topic),
        consumeOpts as unknown as RawConsumeOptions,
        schema,
        {
          key: deadLetterKey(opts.prefix, topic),
          maxDeliveries: consumeOpts.maxDeliveries ?? opts.maxDeliveries ?? 5,
          count: () => metrics?.deadLetters.inc({ topic, group: consumeOpts.group }),
        },
      );
      const tracked: Consumer = {
        ready: consumer.ready,
        async stop() {
          consumers.delete(tracked);
          await consumer.stop();
        },
      };
      consumers.add(tracked);
      return tracked;
    },

    instrument(registry) {
      metrics = createBusMetrics(registry);
    },

    async close() {
      await Promise.all([...consumers].map((c) => c.stop()));
    },
  };
}

export interface IdempotentOptions {
  ttlSeconds?: number;
  /** How long a 'running' marker keeps other deliveries of the same event away. */
  leaseMs?: number;
}

/** Skips events this group already processed; a concurrent delivery throws so it is retried later. */
export function idempotent<T>(
  redis: Redis,
  prefix: string,
  group: string,
  handler: (event: EventEnvelope<T>) => Promise<void>,
  { ttlSeconds = 7 * 24 * 3600, leaseMs = 60_000 }: IdempotentOptions = {},
): (event: EventEnvelope<T>) => Promise<void> {
  return async (event) => {
    const key = redisKey(prefix, 'processed', group, event.id);
    const acquired = await redis.set(key, 'running', 'PX', leaseMs, 'NX');
    if (acquired !== 'OK') {
      if ((await redis.get(key)) === 'done') return;
      throw new Error(`Event ${event.id} is being processed by another consumer of ${group}`);
    }
    try {
      await handler(event);
    } catch (err) {
      await redis.del(key);
      throw err;
    }
    await redis.set(key, 'done', 'EX', ttlSeconds);
  };
}
