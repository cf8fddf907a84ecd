/**
 * Answers of the fake Azure Maps, in Azure's wire format, computed deterministically: places from
 * the bundled gazetteer, zones from geo-tz, travel times from the offline estimate model.
 */
import type { Position } from '@oneeta/contracts';
import type { z } from 'zod';
import { AZURE_POI_CATEGORIES } from '../azure/wire.js';
import { estimateTravel, haversineMeters, type EstimateOptions } from '../offline/estimate.js';
import { nearestTown } from '../offline/nearby.js';
import { formatAddress } from '../osm/address.js';
import { PHOTON_CATEGORY_TAGS } from '../osm/photon-wire.js';
import { FAKE_PHOTON_PLACES } from './fake-photon-places.js';
import { offlineTimezone } from '../offline/provider.js';
import { rankCities, toSearchResult } from '../offline/search.js';
import type { directionsV1Query, fuzzySearchQuery } from './fake-requests.js';
import type { directionsRequest, matrixRequest } from './fake-route-requests.js';

/** Routes that cannot be computed: the fake answers NO_ROUTE_FOUND for any origin listed here. */
export interface RouteRules {
  unroutable: Position[];
}

const samePoint = (a: Position, b: Position) =>
  Math.abs(a.lat - b.lat) < 1e-6 && Math.abs(a.lon - b.lon) < 1e-6;
const isUnroutable = (rules: RouteRules, origin: Position) =>
  rules.unroutable.some((p) => samePoint(p, origin));
export const noRouteError = {
  code: 'NO_ROUTE_FOUND',
  message: 'No route was found between the origin and the destination.',
};

/** Departure and arrival instants for a trip of `seconds` given arriveAt/departAt (default now). */
function tripTimes(seconds: number, arriveAt?: string, departAt?: string) {
  const departFixed =
    departAt && departAt !== 'any' && departAt !== 'now' ? Date.parse(departAt) : undefined;
  if (arriveAt && arriveAt !== 'any') {
    const arrival = Date.parse(arriveAt);
    return {
      departureAt: new Date(arrival - seconds * 1000).toISOString(),
      arrivalAt: new Date(arrival).toISOString(),
    };
  }
  const departure = departFixed ?? Date.now();
  return {
    departureAt: new Date(departure).toISOString(),
    arrivalAt: new Date(departure + seconds * 1000).toISOString(),
  };
}

export function fuzzySearchAnswer(q: z.infer<typeof fuzzySearchQuery>) {
  const near = q.lat !== undefined && q.lon !== undefined ? { lat: q.lat, lon: q.lon } : undefined;
  const ranked = rankCities({
    query: q.query,
    near,
    ...(q.radius !== undefined ? { radiusMeters: q.radius } : {}),
    limit: q.limit,
  });
  return {
    summary: {
      query: q.query,
      queryType: near ? 'NEARBY' : 'NON_NEAR',
      numResults: ranked.length,
      offset: 0,
      totalResults: ranked.length,
      fuzzyLevel: 1,
    },
    results: ranked.map(({ city, score, distanceMeters }) => ({
      type: 'Geography',
      entityType: 'Municipality',
      score,
      ...(distanceMeters === null ? {} : { dist: distanceMeters }),
      ...toSearchResult(city),
      address: {
        ...toSearchResult(city).address,
        municipality: city.name,
        countryCode: city.country,
        countrySubdivision: city.adminCode,
      },
    })),
  };
}

/**
 * POI category search over the fakes' built-in points of interest (FAKE_PHOTON_PLACES): the
 * product's category queries (AZURE_POI_CATEGORIES) map to their OSM tags; nearest first.
 */
export function poiCategoryAnswer(q: z.infer<typeof fuzzySearchQuery>) {
  const category = Object.entries(AZURE_POI_CATEGORIES).find(([, query]) => query === q.query)?.[0];
  const tags: readonly string[] = category
    ? PHOTON_CATEGORY_TAGS[category as keyof typeof PHOTON_CATEGORY_TAGS]
    : [];
  const near = q.lat !== undefined && q.lon !== undefined ? { lat: q.lat, lon: q.lon } : undefined;
  const found = FAKE_PHOTON_PLACES.filter((p) =>
    tags.includes(`${p.properties.osm_key}:${p.properties.osm_value}`),
  )
    .map((place) => ({ place, dist: near ? haversineMeters(near, place) : 0 }))
    .filter(({ dist }) => q.radius === undefined || dist <= q.radius)
    .sort((a, b) => a.dist - b.dist)
    .slice(0, q.limit);
  return {
    summary: {
      query: q.query,
      queryType: near ? 'NEARBY' : 'NON_NEAR',
      numResults: found.length,
      offset: 0,
      totalResults: found.length,
    },
    results: found.map(({ place, dist }) => ({
      type: 'POI',
      id: `fake-poi-${place.properties.osm_id}`,
      score: 1,
      ...(near ? { dist } : {}),
      poi: { name: place.properties.name ?? '', categories: [q.query] },
      address: {
        streetNumber: place.properties.housenumber,
        streetName: place.properties.street,
        municipality: place.properties.city,
        postalCode: place.properties.postcode,
        countryCode: place.properties.countrycode,
        freeformAddress: formatAddress(place.properties),
      },
      position: { lat: place.lat, lon: place.lon },
    })),
  };
}

/** Reverse address search: the nearest gazetteer town within 30 km (the fake knows no streets). */
export function reverseAnswer(position: Position) {
  const town = nearestTown(position);
  return {
    summary: { queryTime: 1, numResults: town ? 1 : 0 },
    addresses: town
      ? [
          {
            address: {
              freeformAddress: town.address.freeformAddress,
              municipality: town.poi?.name,
            },
            position: `${town.position.lat},${town.position.lon}`,
          },
        ]
      : [],
  };
}

export function timezoneAnswer(position: Position, casing: 'pascal' | 'camel') {
  const id = offlineTimezone(position);
  const reference = new Date().toISOString();
  if (casing === 'camel')
    return { version: 'fake', referenceUtcTimestamp: reference, timeZones: id ? [{ id }] : [] };
  return { Version: 'fake', ReferenceUtcTimestamp: reference, TimeZones: id ? [{ Id: id }] : [] };
}

const fromLonLat = ([lon, lat]: [number, number]): Position => ({ lat, lon });

export function matrixAnswer(body: z.infer<typeof matrixRequest>, rules: RouteRules) {
  const points = (type: 'origins' | 'destinations') =>
    (body.features.find((f) => f.properties.pointType === type)?.geometry.coordinates ?? []).map(
      fromLonLat,
    );
  const destinations = points('destinations');
  const options: EstimateOptions = {
    mode: body.travelMode === 'walking' ? 'walking' : 'car',
    routeType: 'fastest',
    avoidTolls: body.avoid?.includes('tollRoads') ?? false,
  };
  const matrix = points('origins').flatMap((origin, originIndex) =>
    destinations.map((destination, destinationIndex) => {
      if (isUnroutable(rules, origin))
        return { originIndex, destinationIndex, statusCode: 400, error: noRouteError };
      const { travelTimeSeconds, distanceMeters } = estimateTravel(origin, destination, options);
      return {
        originIndex,
        destinationIndex,
        statusCode: 200,
        distanceInMeters: distanceMeters,
        durationInSeconds: travelTimeSeconds,
        durationTrafficInSeconds: travelTimeSeconds,
        ...tripTimes(travelTimeSeconds, body.arriveAt, body.departAt),
      };
    }),
  );
  const successfulCount = matrix.filter((c) => c.statusCode === 200).length;
  return {
    type: 'Feature',
    geometry: null,
    properties: { summary: { successfulCount, totalCount: matrix.length }, matrix },
  };
}

/** Sums the estimate over consecutive points; null when the first point is unroutable. */
function routeThrough(points: Position[], options: EstimateOptions, rules: RouteRules) {
  if (points[0] && isUnroutable(rules, points[0])) return null;
  let seconds = 0;
  let meters = 0;
  for (let i = 1; i < points.length; i++) {
    const leg = estimateTravel(points[i - 1] as Position, points[i] as Position, options);
    seconds += leg.travelTimeSeconds;
    meters += leg.distanceMeters;
  }
  return { seconds, meters };
}

export function directionsAnswer(body: z.infer<typeof directionsRequest>, rules: RouteRules) {
  const ordered = body.features
    .map((f, index) => ({ f, order: f.properties.pointIndex ?? index }))
    .sort((a, b) => a.order - b.order)
    .map(({ f }) => f);
  const points = ordered.map((f) => fromLonLat(f.geometry.coordinates));
  const options: EstimateOptions = {
    mode: body.travelMode === 'walking' ? 'walking' : 'car',
    routeType: body.optimizeRoute === 'shortest' ? 'shortest' : 'fastest',
    avoidTolls: body.avoid?.includes('tollRoads') ?? false,
  };
  const route = routeThrough(points, options, rules);
  if (!route) return null;
  const times = tripTimes(route.seconds, body.arriveAt, body.departAt);
  const waypoint = (p: Position, inputIndex: number) => ({
    type: 'Feature',
    geometry: { type: 'Point', coordinates: [p.lon, p.lat] },
    properties: { type: 'Waypoint', order: { inputIndex }, travelMode: body.travelMode },
  });
  const summary = {
    distanceInMeters: route.meters,
    durationInSeconds: route.seconds,
    durationTrafficInSeconds: route.seconds,
    ...times,
  };
  return {
    type: 'FeatureCollection',
    features: [
      waypoint(points[0] as Position, 0),
      waypoint(points[points.length - 1] as Position, points.length - 1),
      {
        type: 'Feature',
        geometry: { type: 'MultiLineString', coordinates: [points.map((p) => [p.lon, p.lat])] },
        properties: { type: 'RoutePath', ...summary, trafficDataUsed: 'None', legs: [summary] },
      },
    ],
  };
}

export function directionsV1Answer(q: z.infer<typeof directionsV1Query>, rules: RouteRules) {
  const mode =
    q.travelMode === 'bicycle' ? 'bicycle' : q.travelMode === 'pedestrian' ? 'walking' : 'car';
  const avoid = Array.isArray(q.avoid) ? q.avoid : q.avoid ? [q.avoid] : [];
  const options: EstimateOptions = {
    mode,
    routeType: q.routeType === 'shortest' ? 'shortest' : 'fastest',
    avoidTolls: avoid.includes('tollRoads'),
  };
  const route = routeThrough(q.points, options, rules);
  if (!route) return null;
  const { departureAt, arrivalAt } = tripTimes(route.seconds, q.arriveAt, q.departAt);
  const summary = {
    lengthInMeters: route.meters,
    travelTimeInSeconds: route.seconds,
    trafficDelayInSeconds: 0,
    departureTime: departureAt,
    arrivalTime: arrivalAt,
  };
  return {
    formatVersion: '0.0.12',
    routes: [
      {
        summary,
        legs: [{ summary, points: q.points.map((p) => ({ latitude: p.lat, longitude: p.lon })) }],
        sections: [
          {
            startPointIndex: 0,
            endPointIndex: q.points.length - 1,
            sectionType: 'TRAVEL_MODE',
            travelMode: q.travelMode,
          },
        ],
      },
    ],
  };
}
