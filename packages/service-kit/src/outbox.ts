import { randomUUID } from 'node:crypto';
import { JOBS, type SessionNudge } from '@oneeta/contracts';
import type { JobsOptions } from 'bullmq';
import { sql } from 'drizzle-orm';
import type { OutboxMessage, OutboxTable } from './outbox-table.js';
import type { Database } from './db.js';
import type { EventCatalog, EventInput, Events, JobCatalog, JobInput, Jobs } from './catalog.js';

export * from './outbox-table.js';
export * from './outbox-delivery.js';
export * from './outbox-relay.js';

/**
 * Transactional outbox. A state change and the events, jobs and nudges it implies are written in one
 * database transaction (`outbox.add(tx, …)`); a relay delivers the rows afterwards, in order per
 * aggregate, with retries and backoff. An event's id is fixed at insert, so a delivery repeated
 * after a crash is dropped by the consumer's idempotency (bus.ts `idempotent`).
 */

/** An event of the catalog: its data is the topic's (a wrong payload does not compile). */
export type OutboxEvent<C extends EventCatalog = Events> = {
  [T in keyof C & string]: { kind: 'event'; topic: T; data: EventInput<T, C>; id?: string };
}[keyof C & string];

/**
 * A BullMQ job of the catalog: its data is the queue's; the name is the catalog's (it may be left
 * out). Attempts and backoff come from the queue's catalog defaults (see createQueue).
 */
export type OutboxJob<J extends JobCatalog = Jobs> = {
  [Q in keyof J & string]: {
    kind: 'job';
    queue: Q;
    name?: J[Q]['name'];
    data: JobInput<J[Q]>;
    opts?: Omit<JobsOptions, 'attempts' | 'backoff'>;
  };
}[keyof J & string];

/** What a producer adds. `aggregate` orders delivery: rows of one aggregate go out one after another. */
export type OutboxInput<C extends EventCatalog = Events, J extends JobCatalog = Jobs> = {
  aggregate: string;
} & (OutboxEvent<C> | OutboxJob<J> | { kind: 'nudge'; sessionId: string; nudge: SessionNudge });

/** Any drizzle handle: the database or an open transaction. */
export type OutboxTx = Pick<Database, 'insert' | 'execute'>;

export interface Outbox<C extends EventCatalog = Events, J extends JobCatalog = Jobs> {
  /** Writes the messages in the caller's transaction; returns them with their fixed ids. */
  add(tx: OutboxTx, messages: OutboxInput<C, J> | OutboxInput<C, J>[]): Promise<OutboxMessage[]>;
}

/** `jobs`: the job catalog the job names come from (default: contracts' JOBS). */
export function createOutbox<C extends EventCatalog = Events, J extends JobCatalog = Jobs>(
  table: OutboxTable,
  source: string,
  jobs?: J,
): Outbox<C, J> {
  const catalog: JobCatalog = jobs ?? JOBS;
  return {
    async add(tx, input) {
      const list = Array.isArray(input) ? input : [input];
      if (list.length === 0) return [];
      // Held until the caller's commit: two transactions writing one aggregate get their sequence
      // numbers in commit order, so the relay never sends a later change before an earlier one.
      for (const aggregate of [...new Set(list.map((m) => m.aggregate))].sort()) {
        await tx.execute(
          sql`select pg_advisory_xact_lock(hashtext(${`oneeta:outbox:${source}:${aggregate}`}::text))`,
        );
      }
      const rows = list.map((m) => {
        const id = m.kind === 'event' ? (m.id ?? randomUUID()) : randomUUID();
        return {
          id,
          aggregate: m.aggregate,
          message: toMessage(m as RawInput, id, source, catalog),
        };
      });
      await tx.insert(table).values(rows);
      return rows.map((r) => r.message);
    },
  };
}

type RawInput = { aggregate: string } & (
  | { kind: 'event'; topic: string; data: unknown; id?: string }
  | {
      kind: 'job';
      queue: string;
      name?: string;
      data: unknown;
      opts?: Omit<JobsOptions, 'attempts' | 'backoff'>;
    }
  | { kind: 'nudge'; sessionId: string; nudge: SessionNudge }
);

function toMessage(m: RawInput, id: string, source: string, jobs: JobCatalog): OutboxMessage {
  switch (m.kind) {
    case 'event':
      return {
        kind: 'event',
        envelope: { id, type: m.topic, occurredAt: new Date().toISOString(), source, data: m.data },
      };
    case 'job':
      // A custom job id makes a repeated delivery a no-op; a deduplicated job already has its key.
      return {
        kind: 'job',
        queue: m.queue,
        name: m.name ?? jobNameOf(jobs, m.queue),
        data: m.data,
        opts: m.opts?.deduplication ? { ...m.opts } : { jobId: id, ...m.opts },
      };
    case 'nudge':
      return { kind: 'nudge', sessionId: m.sessionId, nudge: m.nudge };
  }
}

function jobNameOf(jobs: JobCatalog, queue: string): string {
  const entry = jobs[queue];
  if (!entry) throw new Error(`No catalog entry for queue ${queue}`);
  return entry.name;
}
