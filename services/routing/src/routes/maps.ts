import {
  MAPS_MESSAGES,
  mapTokenQuerySchema,
  mapTokenResponseSchema,
  reverseQuerySchema,
  reverseResponseSchema,
  searchQuerySchema,
  searchResponseSchema,
  timezoneQuerySchema,
  timezoneResponseSchema,
  travelTimesQuerySchema,
  travelTimesResponseSchema,
  type Position,
  type UsageRecordedData,
} from '@oneeta/contracts';
import { ProviderError, searchNearFirst } from '@oneeta/maps';
import { HttpError, type App, type Guards } from '@oneeta/service-kit';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { RoutingContext } from '../context.js';
import { mapStyleOf, tokenAnswer } from '../domain/token.js';
import { cellRequestOf, travelSummary } from '../domain/travel-summary.js';
import {
  lookupMetrics,
  reverseUsage,
  searchUsage,
  timezoneUsage,
  type LookupKind,
  type UsageMetrics,
} from '../domain/usage.js';
import type { UsageCaller } from '../providers/travel-times.js';
import { createIpLimits } from './rate-limits.js';

/**
 * The maps API (doc 1 §7 "Maps"): token, search, reverse, timezone, traveltimes. Open to anonymous
 * callers (a bearer token is optional), limited per IP (reverse counts with search), and each call
 * made with a sessionId records usage.
 */
export function mapsRoutes(app: App, ctx: RoutingContext, guards: Guards) {
  const { provider } = ctx;
  const limits = createIpLimits(ctx.redis, ctx.config);
  const ask = <T>(call: () => Promise<T>, message: string) => fromProvider(call, message, ctx.log);
  const style = mapStyleOf(ctx.config);
  /** A lookup at the query's position (reverse, timezone), its usage recorded for a session's call. */
  const lookUp = async <T>(
    request: FastifyRequest,
    { lat, lon, sessionId }: Position & { sessionId?: string | undefined },
    kind: Exclude<LookupKind, 'search'>,
    call: (at: Position) => Promise<T>,
    failed: string,
    usage: (
      caller: UsageCaller,
      at: Position,
      answer: T,
      metrics: UsageMetrics,
    ) => UsageRecordedData,
  ): Promise<T> => {
    const started = performance.now();
    const answer = await ask(() => call({ lat, lon }), failed);
    const caller = callerOf(request, sessionId);
    if (caller)
      await ctx.recordUsage(
        usage(
          caller,
          { lat, lon },
          answer,
          lookupMetrics(provider.name, kind, performance.now() - started),
        ),
      );
    return answer;
  };

  app.get(
    '/api/maps/token',
    {
      onRequest: limits.token,
      preHandler: guards.optionalUser,
      schema: {
        tags: ['maps'],
        operationId: 'getMapToken',
        summary: "The browser map's credentials",
        querystring: mapTokenQuerySchema,
        response: { 200: mapTokenResponseSchema },
      },
    },
    async (_request, reply) => {
      const auth = await ask(() => provider.browserAuth(), MAPS_MESSAGES.tokenFailed);
      reply.header('cache-control', 'no-store');
      return tokenAnswer(auth, style);
    },
  );

  app.get(
    '/api/maps/search',
    {
      onRequest: limits.search,
      preHandler: guards.optionalUser,
      schema: {
        tags: ['maps'],
        operationId: 'searchPlaces',
        summary: 'Search addresses and places',
        querystring: searchQuerySchema,
        response: { 200: searchResponseSchema },
      },
    },
    async (request) => {
      const query = request.query;
      const near =
        query.lat !== undefined && query.lon !== undefined
          ? { lat: query.lat, lon: query.lon }
          : undefined;
      const started = performance.now();
      const answer = await ask(
        () =>
          searchNearFirst(provider, {
            query: query.q,
            ...(near ? { near } : {}),
            radiusMeters: query.radius,
            limit: query.limit,
          }),
        MAPS_MESSAGES.searchFailed,
      );
      const { searches, ...body } = answer;
      const caller = callerOf(request, query.sessionId);
      if (caller) {
        const metrics = lookupMetrics(
          provider.name,
          'search',
          performance.now() - started,
          searches,
        );
        await ctx.recordUsage(
          searchUsage(
            caller,
            query,
            { numResults: body.results.length, scope: body.scope },
            metrics,
          ),
        );
      }
      return body;
    },
  );

  app.get(
    '/api/maps/reverse',
    {
      onRequest: limits.search,
      preHandler: guards.optionalUser,
      schema: {
        tags: ['maps'],
        operationId: 'reverseGeocode',
        summary: 'The address or place at a position',
        querystring: reverseQuerySchema,
        response: { 200: reverseResponseSchema },
      },
    },
    async (request) => ({
      place: await lookUp(
        request,
        request.query,
        'reverse',
        (at) => provider.reverse(at),
        MAPS_MESSAGES.reverseFailed,
        reverseUsage,
      ),
    }),
  );

  app.get(
    '/api/maps/timezone',
    {
      onRequest: limits.timezone,
      preHandler: guards.optionalUser,
      schema: {
        tags: ['maps'],
        operationId: 'getTimezone',
        summary: 'The time zone at a position',
        querystring: timezoneQuerySchema,
        response: { 200: timezoneResponseSchema },
      },
    },
    async (request) => {
      const timeZoneId = await lookUp(
        request,
        request.query,
        'timezone',
        (at) => provider.timezone(at),
        MAPS_MESSAGES.timezoneFailed,
        timezoneUsage,
      );
      if (!timeZoneId) throw new HttpError(404, MAPS_MESSAGES.noTimezone, 'no_timezone');
      return { timeZoneId };
    },
  );

  app.get(
    '/api/maps/traveltimes',
    {
      onRequest: limits.travelTimes,
      preHandler: guards.optionalUser,
      schema: {
        tags: ['maps'],
        operationId: 'getTravelTimes',
        summary: 'Travel time from a position to a destination',
        querystring: travelTimesQuerySchema,
        response: { 200: travelTimesResponseSchema },
      },
    },
    async (request) => {
      const cell = cellRequestOf(request.query, new Date());
      const resolved = await ctx
        .travelTime(cell, callerOf(request, request.query.sessionId))
        .catch((err: unknown) => {
          if (err instanceof ProviderError)
            throw providerFailed(err, MAPS_MESSAGES.travelFailed, ctx.log);
          throw err;
        });
      const summary = travelSummary(cell, resolved);
      if (!summary) throw new HttpError(422, MAPS_MESSAGES.noRoute, 'no_route');
      return { summary };
    },
  );
}

/** Usage is recorded for calls made with a sessionId, with the signed-in user's id when there is one. */
function callerOf(request: FastifyRequest, sessionId: string | undefined): UsageCaller | null {
  return sessionId ? { sessionId, userId: request.user?.id ?? null } : null;
}

/** Runs a provider call; any failure answers 502 with `message` (the provider's own text, which may name URLs, only goes to the log). */
async function fromProvider<T>(
  call: () => Promise<T>,
  message: string,
  log: FastifyBaseLogger,
): Promise<T> {
  try {
    return await call();
  } catch (err) {
    throw providerFailed(err, message, log);
  }
}

function providerFailed(err: unknown, message: string, log: FastifyBaseLogger): HttpError {
  const status = err instanceof ProviderError ? err.status : null;
  log.warn({ status, reason: err instanceof Error ? err.message : String(err) }, message);
  return new HttpError(502, message, 'provider_failed');
}
