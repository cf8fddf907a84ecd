import type { EventEnvelope } from '@oneeta/contracts';
import type { Redis } from 'ioredis';
import { idempotent, type Consumer, type EventBus, type TopicOf } from './bus.js';
import {
  MalformedMessageError,
  type EventCatalog,
  type EventData,
  type Events,
} from './catalog.js';

/** What every event consumer of a service shares (startService gives it as `kit.events`). */
export interface EventsContext<C extends EventCatalog = Events> {
  bus: Pick<EventBus<C>, 'consume'>;
  /** This replica's name in its consumer groups (consumerNameOf). */
  consumer: string;
  log: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
  /** For `once` handlers: where the processed marks live (REDIS_PREFIX). */
  redis?: Redis;
  prefix?: string;
}

export interface TopicHandler<T extends TopicOf<C>, C extends EventCatalog = Events> {
  topic: T;
  /** The consumer group (renaming it re-reads the stream from its start). */
  group: string;
  /** Once per event id in this group (bus.ts `idempotent`): needs `redis` and `prefix` in the context. */
  once?: boolean;
  /** Where a newly created group starts (default '0': everything still on the stream). */
  startId?: '$' | '0';
  /** Logged with the error when handling fails (the bus delivers the event again). */
  failure: string;
  /** Gets the parsed data; an event whose data does not parse never gets here (it is dead-lettered). */
  handle(data: EventData<T, C>, event: EventEnvelope<EventData<T, C>>): Promise<unknown>;
}

/**
 * The one way a service consumes a topic: the bus parses each event's data by the catalog (a
 * malformed event is dead-lettered and logged as a warning, and the handler never sees it), `once`
 * makes the handler idempotent by event id, and a failure is logged and retried by the bus.
 */
export function consumeEvents<T extends TopicOf<C>, C extends EventCatalog = Events>(
  ctx: EventsContext<C>,
  handler: TopicHandler<T, C>,
): Consumer {
  const { topic, group } = handler;
  const run = async (event: EventEnvelope<EventData<T, C>>) => {
    await handler.handle(event.data, event);
  };
  if (handler.once && (!ctx.redis || ctx.prefix === undefined))
    throw new Error(`consumeEvents: group ${group} is 'once' but has no redis and prefix`);
  return ctx.bus.consume({
    topic,
    group,
    consumer: ctx.consumer,
    startId: handler.startId ?? '0',
    handler: handler.once ? idempotent(ctx.redis!, ctx.prefix!, group, run) : run,
    onError: (err, event) => {
      if (err instanceof MalformedMessageError)
        ctx.log.warn(
          { eventId: event?.id, topic, group, err: err.message },
          `${topic} ignored: bad payload (dead-lettered)`,
        );
      else ctx.log.error({ err, eventId: event?.id, topic }, handler.failure);
    },
  });
}

/** Several consumers as one: ready once all are, stopped together. */
export function consumerGroup(consumers: Consumer[]): Consumer {
  return {
    ready: Promise.all(consumers.map((c) => c.ready)).then(() => {}),
    stop: async () => {
      await Promise.all(consumers.map((c) => c.stop()));
    },
  };
}
