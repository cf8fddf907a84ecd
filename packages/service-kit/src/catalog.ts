import { EVENT_DATA_SCHEMAS, type JOBS } from '@oneeta/contracts';
import type { z } from 'zod';

/**
 * The message catalogs of contracts, as types: a topic names its event's data, a queue its job's.
 * The bus, the outbox, createQueue and createWorker take their payload types from these, so a wrong
 * payload is a compile error; the bus and the worker parse every message with the catalog's schema
 * before a handler sees it (a malformed one is dead-lettered there, never handed on).
 */

/** Topic → the zod schema of its events' data (contracts' EVENT_DATA_SCHEMAS; tests may bring their own). */
export type EventCatalog = Record<string, z.ZodType>;
export type Events = typeof EVENT_DATA_SCHEMAS;
export const EVENTS: Events = EVENT_DATA_SCHEMAS;

/** What a producer passes for a topic (the schema's input), and what a handler receives (its output). */
export type EventInput<T extends keyof C, C extends EventCatalog = Events> = z.input<C[T]>;
export type EventData<T extends keyof C, C extends EventCatalog = Events> = z.output<C[T]>;

/** One entry of the job catalog in contracts (`JOBS[queue]`): the queue, the job name, its payload and retry policy. */
export interface JobCatalogEntry<
  S extends z.ZodType = z.ZodType,
  Q extends string = string,
  N extends string = string,
> {
  queue: Q;
  name: N;
  schema: S;
  attempts: number;
  /** 'retry-after': exponential, unless the failure says when to try again (see RetryLaterError). */
  backoff: { type: 'exponential' | 'fixed' | 'retry-after'; delay: number };
}

/** Queue name → its catalog entry (contracts' JOBS; tests may bring their own). */
export type JobCatalog = Record<string, JobCatalogEntry>;
export type Jobs = typeof JOBS;

export type JobInput<E extends JobCatalogEntry> = z.input<E['schema']>;
export type JobData<E extends JobCatalogEntry> = z.output<E['schema']>;

/** Thrown at (and logged by) a consumer when an event's data does not parse: it is dead-lettered at once. */
export class MalformedMessageError extends Error {}
