import type { RouteOptions } from '@oneeta/contracts';

/** Defaults (doc 2 §5): travel mode car, route type fastest, tolls allowed. */
export const DEFAULT_ROUTE_OPTIONS: RouteOptions = {
  travelMode: 'car',
  routeType: 'fastest',
  avoidTolls: false,
};

export function sameRouteOptions(a: RouteOptions, b: RouteOptions): boolean {
  return (
    a.travelMode === b.travelMode && a.routeType === b.routeType && a.avoidTolls === b.avoidTolls
  );
}
