import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { SessionNudge } from '@oneeta/contracts';
import type { JobsOptions, Queue } from 'bullmq';
import { sql, type SQL } from 'drizzle-orm';
import { getTableConfig } from 'drizzle-orm/pg-core';
import type { OutboxMessage, OutboxTable } from './outbox-table.js';
import type { Redis } from 'ioredis';
import client from 'prom-client';
import type { EventBus } from './bus.js';
import type { Database } from './db.js';
import { publishSessionNudge } from './pubsub.js';

export * from './outbox-table.js';

/**
 * Transactional outbox. A state change and the events, jobs and nudges it implies are written in one
 * database transaction (`outbox.add(tx, …)`); a relay delivers the rows afterwards, in order per
 * aggregate, with retries and backoff. An event's id is fixed at insert, so a delivery repeated
 * after a crash is dropped by the consumer's idempotency (bus.ts `idempotent`).
 */

/** What a producer adds. `aggregate` orders delivery: rows of one aggregate go out one after another. */
export type OutboxInput = { aggregate: string } & (
  | { kind: 'event'; topic: string; data: unknown; id?: string }
  /** A BullMQ job; attempts and backoff come from the queue's catalog defaults (see createQueue). */
  | { kind: 'job'; queue: string; name: string; data: unknown; opts?: Omit<JobsOptions, 'attempts' | 'backoff'> }
  | { kind: 'nudge'; sessionId: string; nudge: SessionNudge }
);

/** Any drizzle handle: the database or an open transaction. */
export type OutboxTx = Pick<Database, 'insert' | 'execute'>;

export interface Outbox {
  /** Writes the messages in the caller's transaction; returns them with their fixed ids. */
  add(tx: OutboxTx, messages: OutboxInput | OutboxInput[]): Promise<OutboxMessage[]>;
}

export function createOutbox(table: OutboxTable, source: string): Outbox {
  return {
    async add(tx, input) {
      const list = Array.isArray(input) ? input : [input];
      if (list.length === 0) return [];
      // Held until the caller's commit: two transactions writing one aggregate get their sequence
      // numbers in commit order, so the relay never sends a later change before an earlier one.
      for (const aggregate of [...new Set(list.map((m) => m.aggregate))].sort()) {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`oneeta:outbox:${source}:${aggregate}`}::text))`);
      }
      const rows = list.map((m) => {
        const id = m.kind === 'event' ? (m.id ?? randomUUID()) : randomUUID();
        return { id, aggregate: m.aggregate, message: toMessage(m, id, source) };
      });
      await tx.insert(table).values(rows);
      return rows.map((r) => r.message);
    },
  };
}

function toMessage(m: OutboxInput, id: string, source: string): OutboxMessage {
  switch (m.kind) {
    case 'event':
      return { kind: 'event', envelope: { id, type: m.topic, occurredAt: new Date().toISOString(), source, data: m.data } };
    case 'job':
      // A custom job id makes a repeated delivery a no-op; a deduplicated job already has its key.
      return { kind: 'job', queue: m.queue, name: m.name, data: m.data, opts: m.opts?.deduplication ? { ...m.opts } : { jobId: id, ...m.opts } };
    case 'nudge':
      return { kind: 'nudge', sessionId: m.sessionId, nudge: m.nudge };
  }
}

export interface DeliveryDeps {
  /** An event bus over a producer connection (createRedis role 'producer'). */
  bus: Pick<EventBus, 'publish'>;
  /** A producer connection, for nudges. */
  redis: Redis;
  prefix: string;
  /** Queues by name (createQueue). */
  queues?: Record<string, Pick<Queue, 'add'>>;
}

export type Deliver = (message: OutboxMessage) => Promise<void>;

/** Sends one message to the bus, the queue or the pub/sub channel. */
export function createDelivery(deps: DeliveryDeps): Deliver {
  return async (message) => {
    switch (message.kind) {
      case 'event': {
        const { envelope } = message;
        await deps.bus.publish(envelope.type, envelope.data, { id: envelope.id, occurredAt: envelope.occurredAt });
        return;
      }
      case 'job': {
        const queue = deps.queues?.[message.queue];
        if (!queue) throw new Error(`No queue ${message.queue} for outbox delivery`);
        await queue.add(message.name, message.data, message.opts);
        return;
      }
      case 'nudge':
        await publishSessionNudge(deps.redis, deps.prefix, message.sessionId, message.nudge);
    }
  };
}

export interface RelayMetrics {
  delivered: client.Counter<'kind'>;
  failed: client.Counter<'kind'>;
  pending: client.Gauge;
}

/** Registers the relay's counters on a service's registry (`app.metricsRegistry`). */
export function createRelayMetrics(registry: client.Registry): RelayMetrics {
  return {
    delivered: new client.Counter({ name: 'outbox_delivered_total', help: 'Outbox messages delivered', labelNames: ['kind'], registers: [registry] }),
    failed: new client.Counter({ name: 'outbox_delivery_failures_total', help: 'Failed outbox delivery attempts', labelNames: ['kind'], registers: [registry] }),
    pending: new client.Gauge({ name: 'outbox_pending', help: 'Undelivered outbox rows after the last pass', registers: [registry] }),
  };
}

export interface RelayOptions {
  db: Database;
  table: OutboxTable;
  deliver: Deliver;
  /** How often the table is polled when nothing woke the relay (default 1 s). */
  pollMs?: number;
  batchSize?: number;
  /**
   * How long a claimed row stays reserved for this relay (default 10 s): a relay killed mid-delivery
   * holds its rows (and every later row of their aggregates) until then. Delivery is one Redis
   * command per message with a 5 s timeout; a lapsed lease at worst delivers a row twice, which
   * consumers absorb (idempotent by event id, deduplicated jobs).
   */
  leaseMs?: number;
  /** Retry backoff: base doubling per attempt, capped (defaults 500 ms, 30 s). */
  backoffMs?: number;
  maxBackoffMs?: number;
  /** Delivered rows older than this are deleted (default 10 min), checked every cleanEveryMs (60 s). */
  retainMs?: number;
  cleanEveryMs?: number;
  metrics?: RelayMetrics;
  onError?: (err: unknown, row?: { seq: number; aggregate: string; attempts: number }) => void;
}

export interface OutboxRelay {
  /** Runs a pass soon (call after a commit that added rows). */
  wake(): void;
  /** Delivers everything currently due; resolves to the number of rows delivered. */
  runOnce(): Promise<number>;
  /** Undelivered rows. */
  pending(): Promise<number>;
  stop(): Promise<void>;
}

interface ClaimedRow {
  seq: number;
  aggregate: string;
  message: OutboxMessage;
  attempts: number;
}

const rowsOf = (result: unknown): Record<string, unknown>[] => (result as { rows: Record<string, unknown>[] }).rows;

/**
 * Polls the outbox and delivers due rows. A claim takes, under an advisory lock (replicas take
 * turns) and `FOR UPDATE SKIP LOCKED`, the due rows whose aggregate has no earlier row waiting
 * (in backoff or leased to another relay), so per-aggregate order survives retries and replicas.
 * Rows of one aggregate are delivered one by one; a failure puts that row in backoff and releases
 * the aggregate's later rows. Delivery is at least once; the fixed event id makes it once at the consumer.
 */
export function startOutboxRelay(opts: RelayOptions): OutboxRelay {
  const { db, deliver, metrics } = opts;
  const pollMs = opts.pollMs ?? 1_000;
  const batchSize = opts.batchSize ?? 100;
  const leaseMs = opts.leaseMs ?? 10_000;
  const backoffMs = opts.backoffMs ?? 500;
  const maxBackoffMs = opts.maxBackoffMs ?? 30_000;
  const retainMs = opts.retainMs ?? 600_000;
  const cleanEveryMs = opts.cleanEveryMs ?? 60_000;
  const config = getTableConfig(opts.table);
  const t = sql.raw(`"${config.schema ?? 'public'}"."${config.name}"`);
  const lockKey = `oneeta:outbox:${config.schema ?? 'public'}`;
  const report = (err: unknown, row?: ClaimedRow) => {
    try {
      opts.onError?.(err, row && { seq: row.seq, aggregate: row.aggregate, attempts: row.attempts });
    } catch {
      // a failing reporter must not stop the relay
    }
  };

  const locked = <T>(fn: (tx: Database) => Promise<T>) =>
    db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${lockKey}::text))`);
      return fn(tx as unknown as Database);
    });

  const claim = () =>
    locked(async (tx) => {
      const result = await tx.execute(sql`
        update ${t} o set locked_until = now() + make_interval(secs => ${leaseMs / 1000}::double precision)
        where o.seq in (
          select c.seq from ${t} c
          where c.delivered_at is null and c.available_at <= now()
            and (c.locked_until is null or c.locked_until <= now())
            and not exists (
              select 1 from ${t} e
              where e.aggregate = c.aggregate and e.seq < c.seq and e.delivered_at is null
                and (e.available_at > now() or e.locked_until > now())
            )
          order by c.seq limit ${batchSize}::int
          for update skip locked
        )
        returning o.seq, o.aggregate, o.message, o.attempts`);
      return rowsOf(result)
        .map((r) => ({ seq: Number(r.seq), aggregate: String(r.aggregate), message: r.message as OutboxMessage, attempts: Number(r.attempts) }))
        .sort((a, b) => a.seq - b.seq);
    });

  const seqList = (seqs: number[]): SQL => sql.join(seqs.map((s) => sql`${s}::bigint`), sql`, `);

  async function deliverAggregate(rows: ClaimedRow[]): Promise<number[]> {
    const done: number[] = [];
    for (const [i, row] of rows.entries()) {
      try {
        await deliver(row.message);
        done.push(row.seq);
        metrics?.delivered.inc({ kind: row.message.kind });
      } catch (err) {
        metrics?.failed.inc({ kind: row.message.kind });
        report(err, row);
        const delay = Math.min(maxBackoffMs, backoffMs * 2 ** Math.min(row.attempts, 20));
        const later = rows.slice(i + 1).map((r) => r.seq);
        await markDelivered(done);
        done.length = 0;
        await locked(async (tx) => {
          await tx.execute(sql`
            update ${t} set attempts = attempts + 1, last_error = ${String(err).slice(0, 500)},
              available_at = now() + make_interval(secs => ${delay / 1000}::double precision), locked_until = null
            where seq = ${row.seq}`);
          if (later.length) await tx.execute(sql`update ${t} set locked_until = null where seq in (${seqList(later)})`);
        });
        break;
      }
    }
    return done;
  }

  async function markDelivered(seqs: number[]): Promise<void> {
    if (seqs.length === 0) return;
    await db.execute(sql`update ${t} set delivered_at = now(), locked_until = null, attempts = attempts + 1 where seq in (${seqList(seqs)})`);
  }

  let lastClean = 0;
  async function runOnce(): Promise<number> {
    let total = 0;
    for (;;) {
      const rows = await claim();
      if (rows.length === 0) break;
      const byAggregate = new Map<string, ClaimedRow[]>();
      for (const row of rows) byAggregate.set(row.aggregate, [...(byAggregate.get(row.aggregate) ?? []), row]);
      const delivered = (await Promise.all([...byAggregate.values()].map(deliverAggregate))).flat();
      await markDelivered(delivered);
      total += delivered.length;
      if (delivered.length < rows.length || rows.length < batchSize) break;
    }
    if (Date.now() - lastClean >= cleanEveryMs) {
      lastClean = Date.now();
      await db.execute(sql`delete from ${t} where delivered_at < now() - make_interval(secs => ${retainMs / 1000}::double precision)`);
    }
    if (metrics) metrics.pending.set(await pending());
    return total;
  }

  async function pending(): Promise<number> {
    const result = await db.execute(sql`select count(*)::int as n from ${t} where delivered_at is null`);
    return Number(rowsOf(result)[0]?.n ?? 0);
  }

  let running = true;
  let woken: AbortController = new AbortController();
  let again = false;
  let current: Promise<number> | undefined;
  const pass = async () => {
    // One pass at a time; a wake-up during a pass runs another right after it.
    if (current) {
      again = true;
      return;
    }
    do {
      again = false;
      current = runOnce().catch((err: unknown) => {
        report(err);
        return 0;
      });
      await current;
      current = undefined;
    } while (again && running);
  };

  const loop = (async () => {
    while (running) {
      await pass();
      await sleep(pollMs, undefined, { signal: woken.signal }).catch(() => {});
      if (woken.signal.aborted) woken = new AbortController();
    }
  })();

  return {
    wake() {
      if (!running) return;
      if (current) again = true;
      woken.abort();
    },
    async runOnce() {
      while (current) await current;
      return runOnce();
    },
    pending,
    async stop() {
      running = false;
      woken.abort();
      await loop;
    },
  };
}
