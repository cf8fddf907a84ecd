import { setTimeout as sleep } from 'node:timers/promises';
import { eventEnvelopeSchema } from '@oneeta/contracts';
import type { EventEnvelope } from '@oneeta/contracts';
import type { Redis } from 'ioredis';
import type { z } from 'zod';
import {
  MalformedMessageError,
  type EventCatalog,
  type EventData,
  type Events,
} from './catalog.js';
import { ignoreErrorEvents } from './redis.js';

type StreamEntry = [id: string, fields: string[] | null];

const RETRY_DELAY_MS = 1_000;

export interface DeadLetters {
  key: string;
  maxDeliveries: number;
  count: () => void;
}

/** A topic of catalog C. */
export type TopicOf<C extends EventCatalog = Events> = keyof C & string;

export interface ConsumeOptions<T extends TopicOf<C>, C extends EventCatalog = Events> {
  topic: T;
  group: string;
  consumer: string;
  /** Gets the event with its data parsed by the topic's schema; an event whose data does not parse never reaches it (it is dead-lettered). */
  handler: (event: EventEnvelope<EventData<T, C>>) => Promise<void>;
  blockMs?: number;
  batchSize?: number;
  /** Entries pending longer than this on any consumer are claimed and handled again. */
  claimIdleMs?: number;
  claimEveryMs?: number;
  /** Where a newly created group starts reading. */
  startId?: '$' | '0';
  /** Overrides the bus's maxDeliveries for this consumer. */
  maxDeliveries?: number;
  onError?: (err: unknown, event?: EventEnvelope<unknown>) => void;
}

export interface Consumer {
  stop(): Promise<void>;
  /** Resolves once the consumer group exists; rejects if stopped before that. */
  ready: Promise<void>;
}

export type RawConsumeOptions = Omit<ConsumeOptions<string, EventCatalog>, 'handler'> & {
  handler: (event: EventEnvelope) => Promise<void>;
};

/**
 * One consumer's loop on one stream: reads new entries in its group, claims entries left pending
 * too long by another consumer, parses each entry by the topic's schema, hands it to the handler,
 * acknowledges it, and moves poison entries to the dead-letter stream.
 */
export function startConsumer(
  redis: Redis,
  key: string,
  opts: RawConsumeOptions,
  schema: z.ZodType,
  dead: DeadLetters,
): Consumer {
  const { group, consumer, handler } = opts;
  const blockMs = opts.blockMs ?? 2_000;
  const batchSize = opts.batchSize ?? 20;
  const claimIdleMs = opts.claimIdleMs ?? 30_000;
  const claimEveryMs = opts.claimEveryMs ?? 5_000;
  const onError = (err: unknown, event?: EventEnvelope) => {
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

  /** How many times the group delivered this entry (XPENDING); 0 when it is no longer pending. */
  async function deliveries(id: string): Promise<number> {
    const reply = (await conn.xpending(key, group, id, id, 1)) as [
      string,
      string,
      number,
      number,
    ][];
    return Number(reply[0]?.[3] ?? 0);
  }

  /** Copies a poison entry to the dead-letter stream with why it died, then acknowledges it. */
  async function bury(
    id: string,
    fields: string[] | null,
    count: number,
    err: unknown,
    envelope?: EventEnvelope,
  ): Promise<void> {
    const event = fields?.[fields.indexOf('event') + 1] ?? '';
    const reason = err instanceof Error ? err.message : String(err);
    await conn
      .multi()
      .xadd(
        dead.key,
        '*',
        'event',
        event,
        'originalId',
        id,
        'group',
        group,
        'consumer',
        consumer,
        'deliveries',
        String(count),
        'error',
        reason.slice(0, 1000),
      )
      .xack(key, group, id)
      .exec();
    dead.count();
    if (err instanceof MalformedMessageError) onError(err, envelope);
    else
      onError(
        new Error(
          `Entry ${id} on ${key} moved to ${dead.key} after ${count} deliveries: ${reason}`,
        ),
      );
  }

  async function handle(entries: StreamEntry[], claimed = false): Promise<void> {
    for (const [id, fields] of entries) {
      if (!running) return;
      const event = parseEntry(fields);
      if (!event.ok) {
        await conn.xack(key, group, id);
        onError(new Error(`Malformed entry ${id} on ${key}: ${event.reason}`));
        continue;
      }
      const envelope = event.envelope;
      // The one place an event's data is checked: one that does not parse is dead-lettered at once
      // (retrying cannot fix it), and the handler never sees it.
      const data = schema.safeParse(envelope.data);
      if (!data.success) {
        const reason = `bad ${envelope.type} payload: ${data.error.issues.map((i) => `${i.path.join('.') || '(data)'} ${i.message}`).join('; ')}`;
        await bury(
          id,
          fields,
          await deliveries(id).catch(() => 1),
          new MalformedMessageError(reason.slice(0, 500)),
          envelope,
        );
        continue;
      }
      envelope.data = data.data;
      if (claimed) {
        // An entry whose handler never returned (the process died on it) is buried here.
        const count = await deliveries(id);
        if (count > dead.maxDeliveries) {
          await bury(
            id,
            fields,
            count,
            new Error('delivered too many times without an acknowledgement'),
          );
          continue;
        }
      }
      try {
        await handler(envelope);
      } catch (err) {
        onError(err, envelope);
        const count = await deliveries(id).catch(() => 0);
        if (count >= dead.maxDeliveries) await bury(id, fields, count, err);
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
      processing = handle(entries, true);
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
