import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { eventEnvelopeSchema } from '@oneeta/contracts';
import type { EventEnvelope } from '@oneeta/contracts';
import type { ChainableCommander, Redis } from 'ioredis';
import { ignoreErrorEvents, redisKey } from './redis.js';

export interface EventBusOptions {
  redis: Redis;
  prefix: string;
  source: string;
  /** Approximate stream length cap (XADD MAXLEN ~). */
  maxLen?: number;
}

export interface ConsumeOptions<T> {
  topic: string;
  group: string;
  consumer: string;
  handler: (event: EventEnvelope<T>) => Promise<void>;
  blockMs?: number;
  batchSize?: number;
  /** Entries pending longer than this on any consumer are claimed and handled again. */
  claimIdleMs?: number;
  claimEveryMs?: number;
  /** Where a newly created group starts reading. */
  startId?: '$' | '0';
  onError?: (err: unknown, event?: EventEnvelope<T>) => void;
}

export interface Consumer {
  stop(): Promise<void>;
  /** Resolves once the consumer group exists; rejects if stopped before that. */
  ready: Promise<void>;
}

export interface EventBus {
  publish<T>(topic: string, data: T, opts?: { id?: string }): Promise<EventEnvelope<T>>;
  /**
   * Queues the XADD of an event on a MULTI/pipeline instead of sending it, so the event is written
   * atomically with the caller's own writes (e.g. cache cells and the usage they cost).
   */
  stage<T>(tx: ChainableCommander, topic: string, data: T, opts?: { id?: string }): EventEnvelope<T>;
  consume<T>(opts: ConsumeOptions<T>): Consumer;
  close(): Promise<void>;
}

type StreamEntry = [id: string, fields: string[] | null];

const RETRY_DELAY_MS = 1_000;

export function streamKey(prefix: string, topic: string): string {
  return redisKey(prefix, 'stream', topic);
}

export function createEventBus(opts: EventBusOptions): EventBus {
  const maxLen = opts.maxLen ?? 100_000;
  const consumers = new Set<Consumer>();
  const envelopeOf = <T>(topic: string, data: T, id?: string): EventEnvelope<T> => ({
    id: id ?? randomUUID(),
    type: topic,
    occurredAt: new Date().toISOString(),
    source: opts.source,
    data,
  });

  return {
    async publish<T>(topic: string, data: T, publishOpts?: { id?: string }) {
      const envelope = envelopeOf(topic, data, publishOpts?.id);
      await opts.redis.xadd(streamKey(opts.prefix, topic), 'MAXLEN', '~', maxLen, '*', 'event', JSON.stringify(envelope));
      return envelope;
    },

    stage<T>(tx: ChainableCommander, topic: string, data: T, stageOpts?: { id?: string }) {
      const envelope = envelopeOf(topic, data, stageOpts?.id);
      tx.xadd(streamKey(opts.prefix, topic), 'MAXLEN', '~', maxLen, '*', 'event', JSON.stringify(envelope));
      return envelope;
    },

    consume<T>(consumeOpts: ConsumeOptions<T>) {
      const consumer = startConsumer(
        opts.redis,
        streamKey(opts.prefix, consumeOpts.topic),
        consumeOpts,
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

    async close() {
      await Promise.all([...consumers].map((c) => c.stop()));
    },
  };
}

function startConsumer<T>(redis: Redis, key: string, opts: ConsumeOptions<T>): Consumer {
  const { group, consumer, handler } = opts;
  const blockMs = opts.blockMs ?? 2_000;
  const batchSize = opts.batchSize ?? 20;
  const claimIdleMs = opts.claimIdleMs ?? 30_000;
  const claimEveryMs = opts.claimEveryMs ?? 5_000;
  const onError = (err: unknown, event?: EventEnvelope<T>) => {
    try {
      opts.onError?.(err, event);
    } catch {
      // a failing error reporter must not end the loop
    }
  };
  const conn = redis.duplicate({ maxRetriesPerRequest: null });
  ignoreErrorEvents(conn);

  let running = true;
  const stopped = new AbortController();
  let processing: Promise<void> = Promise.resolve();
  let markReady: () => void = () => {};
  let failReady: (err: Error) => void = () => {};
  const ready = new Promise<void>((resolve, reject) => {
    markReady = resolve;
    failReady = reject;
  });
  ready.catch(() => {});

  async function createGroup(): Promise<void> {
    try {
      await conn.xgroup('CREATE', key, group, opts.startId ?? '0', 'MKSTREAM');
    } catch (err) {
      if (!String(err).includes('BUSYGROUP')) throw err;
    }
  }

  async function handle(entries: StreamEntry[]): Promise<void> {
    for (const [id, fields] of entries) {
      if (!running) return;
      const event = parseEntry(fields);
      if (!event.ok) {
        await conn.xack(key, group, id);
        onError(new Error(`Malformed entry ${id} on ${key}: ${event.reason}`));
        continue;
      }
      const envelope = event.envelope as EventEnvelope<T>;
      try {
        await handler(envelope);
      } catch (err) {
        onError(err, envelope);
        continue;
      }
      await conn.xack(key, group, id);
    }
  }

  async function claimIdle(): Promise<void> {
    let cursor = '0-0';
    do {
      const [next, entries] = (await conn.xautoclaim(
        key,
        group,
        consumer,
        claimIdleMs,
        cursor,
        'COUNT',
        batchSize,
      )) as [string, StreamEntry[]];
      cursor = next;
      processing = handle(entries);
      await processing;
    } while (running && cursor !== '0-0');
  }

  async function readNew(timeoutMs: number): Promise<void> {
    const reply = (await conn.xreadgroup(
      'GROUP',
      group,
      consumer,
      'COUNT',
      batchSize,
      'BLOCK',
      timeoutMs,
      'STREAMS',
      key,
      '>',
    )) as [string, StreamEntry[]][] | null;
    const entries = reply?.[0]?.[1];
    if (!entries?.length) return;
    processing = handle(entries);
    await processing;
  }

  async function loop(): Promise<void> {
    let groupReady = false;
    let nextClaimAt = 0;
    while (running) {
      try {
        if (!groupReady) {
          await createGroup();
          groupReady = true;
          markReady();
        }
        if (Date.now() >= nextClaimAt) {
          await claimIdle();
          nextClaimAt = Date.now() + claimEveryMs;
        }
        if (running) await readNew(Math.max(1, Math.min(blockMs, nextClaimAt - Date.now())));
      } catch (err) {
        if (!running) return;
        onError(err);
        if (String(err).includes('NOGROUP')) {
          groupReady = false;
          continue;
        }
        await sleep(RETRY_DELAY_MS, undefined, { signal: stopped.signal }).catch(() => {});
      }
    }
  }

  const done = loop();

  return {
    ready,
    async stop() {
      if (!running) return done;
      running = false;
      stopped.abort();
      failReady(new Error(`Consumer ${consumer} stopped before its group was ready`));
      await processing.catch(() => {});
      conn.disconnect();
      await done;
    },
  };
}

type ParsedEntry = { ok: true; envelope: EventEnvelope } | { ok: false; reason: string };

function parseEntry(fields: string[] | null): ParsedEntry {
  if (!fields) return { ok: false, reason: 'entry was deleted' };
  const index = fields.indexOf('event');
  const raw = index >= 0 && index % 2 === 0 ? fields[index + 1] : undefined;
  if (raw === undefined) return { ok: false, reason: 'no "event" field' };
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return { ok: false, reason: 'not JSON' };
  }
  const parsed = eventEnvelopeSchema.safeParse(json);
  if (!parsed.success) return { ok: false, reason: parsed.error.message };
  return { ok: true, envelope: parsed.data as EventEnvelope };
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
