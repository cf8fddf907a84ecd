import { JOBS, QUEUES, TOPICS, type UsageRecordedData } from '@oneeta/contracts';
import type { Queue } from 'bullmq';
import { createTravelCache, type MapsProvider, type TravelCache } from '@oneeta/maps';
import { createQueue, type EventBus, type Redis } from '@oneeta/service-kit';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.js';
import { createTravelTimes } from './providers/travel-times.js';

export interface RoutingDeps {
  config: Config;
  /** The maps provider (createMapsProvider from @oneeta/maps: offline, or Azure Maps when configured). */
  provider: MapsProvider;
  /** The travel-time cache the route-matrix worker shares (createTravelCache over the same provider and Redis). */
  travelCache: TravelCache;
  redis: Redis;
  bus: Pick<EventBus, 'publish' | 'stage'>;
  /** The route-matrix queue, read (never written) for the admin queue snapshot; see createRouteQueueReader. */
  routeQueue: Queue;
}

/** The route-matrix queue under the prefix the session service and the worker use. */
export function createRouteQueueReader(config: Config, redis: Redis): Queue {
  return createQueue(JOBS[QUEUES.routeMatrix], {
    connection: redis,
    redisPrefix: config.REDIS_PREFIX,
  });
}

/** The shared travel-time cache over this provider: cells under `{REDIS_PREFIX}:travel:`, as the worker keeps them. */
export function travelCacheFor(config: Config, redis: Redis, provider: MapsProvider): TravelCache {
  return createTravelCache({
    redis,
    prefix: config.REDIS_PREFIX,
    provider,
    ttlSeconds: config.TRAVEL_CACHE_TTL_SECONDS,
  });
}

export function createContext(deps: RoutingDeps, log: FastifyBaseLogger) {
  const { config, provider, redis, bus } = deps;

  /** Publishes a maps-API usage record; a failure is logged, as the answer itself is fine. */
  const recordUsage = async (data: UsageRecordedData) => {
    try {
      await bus.publish(TOPICS.usageRecorded, data);
    } catch (err) {
      log.error({ err, event: data.event, sessionId: data.sessionId }, 'usage record failed');
    }
  };

  return {
    config,
    provider,
    redis,
    bus,
    log,
    /** One cell from the travel cache the route-matrix worker shares, with its usage event. */
    travelTime: createTravelTimes({
      cache: deps.travelCache,
      provider: provider.name,
      bus,
      publish: recordUsage,
    }),
    recordUsage,
  };
}

export type RoutingContext = ReturnType<typeof createContext>;
