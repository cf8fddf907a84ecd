import { setTimeout as sleep } from 'node:timers/promises';
import { sql, type SQL } from 'drizzle-orm';
import { getTableConfig } from 'drizzle-orm/pg-core';
import client from 'prom-client';
import type { Database } from './db.js';
import type { Deliver, DeliveryItem } from './outbox-delivery.js';
import type { OutboxMessage, OutboxTable } from './outbox-table.js';

export interface RelayMetrics {
  delivered: client.Counter<'kind'>;
  failed: client.Counter<'kind'>;
  pending: client.Gauge;
}

/** Registers the relay's counters on a service's registry (`app.metricsRegistry`). */
export function createRelayMetrics(registry: client.Registry): RelayMetrics {
  return {
    delivered: new client.Counter({
      name: 'outbox_delivered_total',
      help: 'Outbox messages delivered',
      labelNames: ['kind'],
      registers: [registry],
    }),
    failed: new client.Counter({
      name: 'outbox_delivery_failures_total',
      help: 'Failed outbox delivery attempts',
      labelNames: ['kind'],
      registers: [registry],
    }),
    pending: new client.Gauge({
      name: 'outbox_pending',
      help: 'Undelivered outbox rows after the last pass',
      registers: [registry],
    }),
  };
}

export interface RelayOptions {
  db: Database;
  table: OutboxTable;
  deliver: Deliver;
  /** How often the table is polled when nothing woke the relay (default 1 s). */
  pollMs?: number;
  /** Rows a claim takes at first (default 100); while claims come back full it doubles, up to maxBatchSize. */
  batchSize?: number;
  /** The largest claim, taken while there is a backlog (default 1000). */
  maxBatchSize?: number;
  /**
   * How long a claimed row stays reserved for this relay (default 10 s): a relay killed mid-delivery
   * holds its rows (and every later row of their aggregates) until then. A claimed batch goes to
   * Redis in one pipeline (each command with the producer's 5 s timeout); a lapsed lease at worst
   * delivers a row twice, which consumers absorb (idempotent by event id, deduplicated jobs).
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

/** What became of a claimed batch: rows to mark delivered, and per failed aggregate its failed row and the rows after it. */
interface Outcome {
  delivered: ClaimedRow[];
  failures: { row: ClaimedRow; err: unknown; later: number[] }[];
}

const rowsOf = (result: unknown): Record<string, unknown>[] =>
  (result as { rows: Record<string, unknown>[] }).rows;

/**
 * Polls the outbox and delivers due rows. A claim takes, under an advisory lock (replicas take
 * turns) and `FOR UPDATE SKIP LOCKED`, the due rows of each aggregate below its first row that is
 * waiting (in backoff or leased to another relay), so per-aggregate order survives retries and
 * replicas, and leases them. The claimed batch goes to Redis in one pipeline, in sequence order
 * (with a delivery that has `batch`, as createDelivery's; otherwise one message at a time per
 * aggregate). The delivered rows are marked in one query. When a row fails, its aggregate's later
 * rows are not marked delivered, even if the pipeline carried them: the failed row goes into
 * backoff and the later rows are released, to go out again after it. Delivery is at least once;
 * the fixed event id makes it once at the consumer.
 */
export function startOutboxRelay(opts: RelayOptions): OutboxRelay {
  const { db, deliver, metrics } = opts;
  const pollMs = opts.pollMs ?? 1_000;
  const batchSize = opts.batchSize ?? 100;
  const maxBatchSize = Math.max(batchSize, opts.maxBatchSize ?? 1_000);
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
      opts.onError?.(
        err,
        row && { seq: row.seq, aggregate: row.aggregate, attempts: row.attempts },
      );
    } catch {
      // a failing reporter must not stop the relay
    }
  };

  const locked = <T>(fn: (tx: Database) => Promise<T>) =>
    db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${lockKey}::text))`);
      return fn(tx as unknown as Database);
    });

  // `waiting`: per aggregate, its first undelivered row that may not go now (backoff or another
  // relay's lease); rows at or after it wait too. One pass over the pending rows, whatever the backlog.
  const claim = (limit: number) =>
    locked(async (tx) => {
      const result = await tx.execute(sql`
        with waiting as (
          select aggregate, min(seq) as seq from ${t}
          where delivered_at is null and (available_at > now() or locked_until > now())
          group by aggregate
        )
        update ${t} o set locked_until = now() + make_interval(secs => ${leaseMs / 1000}::double precision)
        where o.seq in (
          select c.seq from ${t} c
          left join waiting w on w.aggregate = c.aggregate
          where c.delivered_at is null and c.available_at <= now()
            and (c.locked_until is null or c.locked_until <= now())
            and (w.seq is null or c.seq < w.seq)
          order by c.seq limit ${limit}::int
          for update of c skip locked
        )
        returning o.seq, o.aggregate, o.message, o.attempts`);
      return rowsOf(result)
        .map((r) => ({
          seq: Number(r.seq),
          aggregate: String(r.aggregate),
          message: r.message as OutboxMessage,
          attempts: Number(r.attempts),
        }))
        .sort((a, b) => a.seq - b.seq);
    });

  const seqList = (seqs: number[]): SQL =>
    sql.join(
      seqs.map((s) => sql`${s}::bigint`),
      sql`, `,
    );

  /** Rows go out in seq order; per aggregate, the rows before its first failure count as delivered. */
  async function deliverRows(rows: ClaimedRow[]): Promise<Outcome> {
    const outcomes = deliver.batch
      ? await deliver
          .batch(rows.map((r): DeliveryItem => ({ aggregate: r.aggregate, message: r.message })))
          .catch((err: unknown) => rows.map(() => err))
      : await deliverOneByOne(rows);
    const outcome: Outcome = { delivered: [], failures: [] };
    const failedAt = new Map<string, Outcome['failures'][number]>();
    for (const [i, row] of rows.entries()) {
      const failure = failedAt.get(row.aggregate);
      if (failure) {
        failure.later.push(row.seq);
      } else if (outcomes[i] === undefined) {
        outcome.delivered.push(row);
      } else {
        const f = { row, err: outcomes[i], later: [] };
        failedAt.set(row.aggregate, f);
        outcome.failures.push(f);
      }
    }
    return outcome;
  }

  /** For a plain `deliver`: each aggregate's rows one by one, aggregates side by side. */
  async function deliverOneByOne(rows: ClaimedRow[]): Promise<unknown[]> {
    const outcomes = new Array<unknown>(rows.length).fill(undefined);
    const byAggregate = new Map<string, number[]>();
    rows.forEach((row, i) =>
      byAggregate.set(row.aggregate, [...(byAggregate.get(row.aggregate) ?? []), i]),
    );
    await Promise.all(
      [...byAggregate.values()].map(async (indexes) => {
        for (const [k, i] of indexes.entries()) {
          try {
            await deliver(rows[i]!.message);
          } catch (err) {
            outcomes[i] = err;
            for (const j of indexes.slice(k + 1)) outcomes[j] = new Error('not sent');
            return;
          }
        }
      }),
    );
    return outcomes;
  }

  /** One query for the delivered rows; a failed row goes into backoff, and its aggregate's later rows are released with it. */
  async function settle({ delivered, failures }: Outcome): Promise<void> {
    for (const row of delivered) metrics?.delivered.inc({ kind: row.message.kind });
    await markDelivered(delivered.map((r) => r.seq));
    if (failures.length === 0) return;
    for (const { row, err } of failures) {
      metrics?.failed.inc({ kind: row.message.kind });
      report(err, row);
    }
    await locked(async (tx) => {
      for (const { row, err } of failures) {
        const delay = Math.min(maxBackoffMs, backoffMs * 2 ** Math.min(row.attempts, 20));
        await tx.execute(sql`
          update ${t} set attempts = attempts + 1, last_error = ${String(err).slice(0, 500)},
            available_at = now() + make_interval(secs => ${delay / 1000}::double precision), locked_until = null
          where seq = ${row.seq}`);
      }
      const later = failures.flatMap((f) => f.later);
      if (later.length)
        await tx.execute(sql`update ${t} set locked_until = null where seq in (${seqList(later)})`);
    });
  }

  async function markDelivered(seqs: number[]): Promise<void> {
    if (seqs.length === 0) return;
    await db.execute(
      sql`update ${t} set delivered_at = now(), locked_until = null, attempts = attempts + 1 where seq in (${seqList(seqs)})`,
    );
  }

  let lastClean = 0;
  async function runOnce(): Promise<number> {
    let total = 0;
    let limit = batchSize;
    for (;;) {
      const rows = await claim(limit);
      if (rows.length === 0) break;
      const outcome = await deliverRows(rows);
      await settle(outcome);
      total += outcome.delivered.length;
      // A full claim means a backlog: take bigger ones. A pass ends when a claim was not full or
      // nothing went out (the rest waits for its backoff).
      if (rows.length < limit || outcome.delivered.length === 0) break;
      limit = Math.min(maxBatchSize, limit * 2);
    }
    if (Date.now() - lastClean >= cleanEveryMs) {
      lastClean = Date.now();
      await db.execute(
        sql`delete from ${t} where delivered_at < now() - make_interval(secs => ${retainMs / 1000}::double precision)`,
      );
    }
    if (metrics) metrics.pending.set(await pending());
    return total;
  }

  async function pending(): Promise<number> {
    const result = await db.execute(
      sql`select count(*)::int as n from ${t} where delivered_at is null`,
    );
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
