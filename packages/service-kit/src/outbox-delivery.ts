import { Job, type Queue } from 'bullmq';
import type { ChainableCommander, Redis } from 'ioredis';
import type { EventBus } from './bus.js';
import type { EventCatalog } from './catalog.js';
import type { OutboxMessage } from './outbox-table.js';
import { publishSessionNudge, stageSessionNudge } from './pubsub.js';

export interface DeliveryDeps {
  /** An event bus over a producer connection (createRedis role 'producer'); rows were typed when added, so any catalog's bus will do. */
  bus: Pick<EventBus<EventCatalog>, 'publish' | 'stage'>;
  /** A producer connection, for nudges; batches are pipelined on it. */
  redis: Redis;
  prefix: string;
  /** Queues by name (createQueue). A queue on `redis` has its jobs added in the batch's pipeline. */
  queues?: Record<string, Queue>;
}

/** One claimed row handed to a batch delivery. */
export interface DeliveryItem {
  aggregate: string;
  message: OutboxMessage;
}

/**
 * Sends items (in sequence order) and resolves to one outcome per item: `undefined` when Redis took
 * it, else the error. Once an item of an aggregate failed before being sent, that aggregate's later
 * items are not sent (their outcome is an error too).
 */
export type DeliverBatch = (items: DeliveryItem[]) => Promise<(unknown | undefined)[]>;

/** Sends one message; a `batch` function, when present, lets the relay send many in one round trip. */
export type Deliver = ((message: OutboxMessage) => Promise<void>) & { batch?: DeliverBatch };

/** The outcome of an item not sent because an earlier item of its aggregate failed. */
export class NotSentError extends Error {
  constructor(aggregate: string) {
    super(`Not sent: an earlier row of ${aggregate} failed`);
  }
}

/**
 * Sends messages to the bus, the queues and the pub/sub channels. One message: the same command
 * as `bus.publish`, `queue.add` or `publishSessionNudge`. A batch: those commands, byte for byte,
 * queued on one ioredis pipeline over `redis` in the items' order and sent in one round trip
 * (Redis runs a pipeline's commands in order). A job is added with BullMQ's own add script
 * (`Job#addJob` on the pipeline, what `Queue.addBulk` does), so its queue defaults, job id and
 * `deduplication` apply as with `queue.add`. A job for a queue on another connection ends the
 * pipeline: it is added on its own, and the rest goes in a new pipeline after it.
 */
export function createDelivery(deps: DeliveryDeps): Deliver & { batch: DeliverBatch } {
  const queueOf = (name: string): Queue => {
    const queue = deps.queues?.[name];
    if (!queue) throw new Error(`No queue ${name} for outbox delivery`);
    return queue;
  };
  const shared = (queue: Queue) => queue.opts.connection === deps.redis;

  const deliver = async (message: OutboxMessage): Promise<void> => {
    switch (message.kind) {
      case 'event': {
        const { envelope } = message;
        await deps.bus.publish(envelope.type, envelope.data, {
          id: envelope.id,
          occurredAt: envelope.occurredAt,
        });
        return;
      }
      case 'job':
        await queueOf(message.queue).add(message.name, message.data, message.opts);
        return;
      case 'nudge':
        await publishSessionNudge(deps.redis, deps.prefix, message.sessionId, message.nudge);
    }
  };

  const batch: DeliverBatch = async (items) => {
    const outcomes: unknown[] = new Array<unknown>(items.length).fill(undefined);
    const failed = new Set<string>();
    const fail = (i: number, err: unknown) => {
      outcomes[i] = err;
      failed.add(items[i]!.aggregate);
    };
    // A queue's add scripts are defined on its connection once it is ready; with no shared queue
    // in the batch a plain pipeline does (no script needed).
    const scripted = new Map<Queue, ChainableCommander>();
    let pipelineFrom: (() => ChainableCommander) | undefined;
    for (const item of items) {
      if (item.message.kind !== 'job') continue;
      const queue = deps.queues?.[item.message.queue];
      if (!queue || !shared(queue) || scripted.has(queue)) continue;
      try {
        const client = await queue.getBackend().client;
        scripted.set(queue, client as unknown as ChainableCommander);
        pipelineFrom ??= () => (client as unknown as Redis).pipeline();
      } catch {
        // not ready: its jobs fail below, in order
      }
    }
    const newPipeline = pipelineFrom ?? (() => deps.redis.pipeline());

    let pipe: ChainableCommander | undefined;
    let sent: number[] = [];
    const flush = async () => {
      if (!pipe) return;
      const indexes = sent;
      const current = pipe;
      pipe = undefined;
      sent = [];
      try {
        const replies = (await current.exec()) ?? [];
        indexes.forEach((i, k) => {
          const [err, reply] = replies[k] ?? [new Error('no reply from Redis')];
          if (err) fail(i, err);
          // BullMQ's add scripts answer a negative code for a refused job.
          else if (items[i]!.message.kind === 'job' && typeof reply === 'number' && reply < 0)
            fail(i, new Error(`BullMQ refused the job (code ${reply})`));
        });
      } catch (err) {
        for (const i of indexes) fail(i, err);
      }
    };

    for (const [i, { aggregate, message }] of items.entries()) {
      if (failed.has(aggregate)) {
        outcomes[i] = new NotSentError(aggregate);
        continue;
      }
      try {
        if (message.kind === 'job' && !scripted.has(queueOf(message.queue))) {
          // A queue on another connection (or not ready): added on its own, between pipelines.
          await flush();
          if (failed.has(aggregate)) {
            outcomes[i] = new NotSentError(aggregate);
            continue;
          }
          await deliver(message);
          continue;
        }
        pipe ??= newPipeline();
        stage(pipe, message);
        sent.push(i);
      } catch (err) {
        fail(i, err);
      }
    }
    await flush();
    return outcomes;
  };

  /** Queues a message's command on the pipeline; throws (sending nothing) if it cannot be built. */
  function stage(pipe: ChainableCommander, message: OutboxMessage): void {
    switch (message.kind) {
      case 'event': {
        const { envelope } = message;
        deps.bus.stage(pipe, envelope.type, envelope.data, {
          id: envelope.id,
          occurredAt: envelope.occurredAt,
        });
        return;
      }
      case 'job': {
        const queue = queueOf(message.queue);
        const jobId = message.opts.jobId;
        if (jobId === '0' || jobId?.startsWith('0:'))
          throw new Error("JobId cannot be '0' or start with '0:'");
        // As Queue#add: the queue's default job options under the message's own.
        const job = new Job(
          queue,
          message.name,
          message.data,
          { ...queue.jobsOpts, ...message.opts, jobId },
          jobId,
        );
        // Validates the options (throws before queuing anything), then queues the add script.
        const queued = job.addJob(pipe as unknown as Parameters<Job['addJob']>[0]);
        queued.catch(() => {}); // its reply is read from the pipeline's results
        return;
      }
      case 'nudge':
        stageSessionNudge(pipe, deps.prefix, message.sessionId, message.nudge);
    }
  }

  return Object.assign(deliver, { batch });
}
