import { TOPICS, type UsageRecordedData } from '@oneeta/contracts';
import type { CellRequest, ResolvedCell, TravelCache } from '@oneeta/maps';
import type { EventBus } from '@oneeta/service-kit';
import { cachedMetrics, computedMetrics, travelUsage } from '../domain/usage.js';

export interface TravelTimesDeps {
  /** The travel-time cache the route-matrix worker shares (createTravelCache from @oneeta/maps). */
  cache: TravelCache;
  /** The provider's name, for the usage of a computed cell. */
  provider: string;
  bus: Pick<EventBus, 'stage'>;
  /** Publishes the usage record of a call served from the cache. */
  publish: (data: UsageRecordedData) => Promise<void>;
}

/** Who a usage record is for: the call's sessionId and the signed-in user, if any. */
export interface UsageCaller {
  sessionId: string;
  userId: string | null;
}

/**
 * One origin → destination cell from the shared travel cache, computed by the provider when
 * missing. With a caller, exactly one `usage.recorded` event: staged on the cache's MULTI when the
 * provider computed the cell (so the cell and its usage commit together), else published as a cache
 * hit (providerRequests 0). Provider failures reject (a ProviderError from the adapters).
 */
export function createTravelTimes(deps: TravelTimesDeps) {
  return async (request: CellRequest, caller: UsageCaller | null): Promise<ResolvedCell> => {
    const started = performance.now();
    const { cells, calls } = await deps.cache.resolve([request], {
      onProviderCall(call, tx) {
        if (!caller) return;
        const usage = travelUsage(
          caller,
          request,
          call.bestTravelTimeSeconds,
          computedMetrics(deps.provider, call),
        );
        deps.bus.stage(tx, TOPICS.usageRecorded, usage);
      },
    });
    const resolved = cells[0]!;
    if (caller && calls.length === 0) {
      const seconds = resolved.cell.ok ? resolved.cell.travelTimeSeconds : null;
      await deps.publish(
        travelUsage(
          caller,
          request,
          seconds,
          cachedMetrics(resolved.provider, performance.now() - started),
        ),
      );
    }
    return resolved;
  };
}

export type TravelTimes = ReturnType<typeof createTravelTimes>;
