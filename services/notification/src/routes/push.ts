import {
  format,
  MAX_PUSH_DEVICES,
  MESSAGES,
  pushListResponseSchema,
  pushRemovedResponseSchema,
  pushSubscribeBodySchema,
  pushSubscribeResponseSchema,
  pushTestResponseSchema,
  pushUnsubscribeBodySchema,
  vapidPublicKeyResponseSchema,
} from '@oneeta/contracts';
import { HttpError, type App, type Guards } from '@oneeta/service-kit';
import type { NotificationContext } from '../context.js';
import { testPushPayload, toDevice } from '../domain/push.js';
import { checkPushEndpoint } from '../providers/push-endpoints.js';
import { queuePushToUser } from '../actions/push-fanout.js';

/**
 * doc 1 §7 Push: every call needs sign-in; a subscription is the caller's alone. An endpoint must be
 * an https URL at a public address (and, with PUSH_ALLOWED_HOSTS, at a listed push service); an
 * account keeps at most MAX_PUSH_DEVICES devices, a new one replacing the one seen least recently.
 */
export function pushRoutes(app: App, ctx: NotificationContext, guards: Guards) {
  const tags = ['push'];
  const user = guards.requireUser;

  app.get(
    '/api/push/vapidPublicKey',
    {
      preHandler: user,
      schema: {
        tags,
        operationId: 'getVapidPublicKey',
        summary: 'The VAPID public key browsers subscribe with',
        response: { 200: vapidPublicKeyResponseSchema },
      },
    },
    async () => ({ publicKey: ctx.vapid.publicKey }),
  );

  app.post(
    '/api/push/subscribe',
    {
      preHandler: user,
      schema: {
        tags,
        operationId: 'subscribePush',
        summary: `Register this browser for push (again: updates it; a device of another account moves to the caller; beyond ${MAX_PUSH_DEVICES} devices the one seen least recently is forgotten)`,
        body: pushSubscribeBodySchema,
        response: { 200: pushSubscribeResponseSchema, 201: pushSubscribeResponseSchema },
      },
    },
    async (request, reply) => {
      const { endpoint, keys, deviceName, userAgent } = request.body;
      const check = await checkPushEndpoint(endpoint, ctx.pushPolicy);
      if (!check.ok)
        throw new HttpError(
          400,
          check.error,
          check.reason === 'refused' ? 'push_endpoint_refused' : 'push_endpoint_unresolved',
        );
      const { row, created } = await ctx.subscriptions.upsertCapped(
        request.user!.id,
        {
          endpoint,
          p256dh: keys.p256dh,
          auth: keys.auth,
          deviceName: deviceName ?? null,
          userAgent: userAgent ?? request.headers['user-agent']?.slice(0, 500) ?? null,
        },
        MAX_PUSH_DEVICES,
      );
      return reply.code(created ? 201 : 200).send({ subscription: toDevice(row) });
    },
  );

  app.post(
    '/api/push/unsubscribe',
    {
      preHandler: user,
      schema: {
        tags,
        operationId: 'unsubscribePush',
        summary: "Forget one of the caller's devices",
        body: pushUnsubscribeBodySchema,
        response: { 200: pushRemovedResponseSchema },
      },
    },
    async (request) => ({
      removed: await ctx.subscriptions.removeEndpoint(request.user!.id, request.body.endpoint),
    }),
  );

  app.get(
    '/api/push/list',
    {
      preHandler: user,
      schema: {
        tags,
        operationId: 'listPushDevices',
        summary: "The caller's registered devices (never their keys)",
        response: { 200: pushListResponseSchema },
      },
    },
    async (request) => ({
      subscriptions: (await ctx.subscriptions.listByUser(request.user!.id)).map(toDevice),
    }),
  );

  app.post(
    '/api/push/test',
    {
      preHandler: user,
      schema: {
        tags,
        operationId: 'sendTestPush',
        summary: 'Queue a test push to every registered device of the caller',
        response: { 202: pushTestResponseSchema },
      },
    },
    async (request, reply) => {
      const userId = request.user!.id;
      const limit = await ctx.limiter.hit(`test:${userId}`, {
        limit: ctx.config.PUSH_TEST_MAX_PER_MINUTE,
        windowSeconds: 60,
      });
      if (!limit.allowed) {
        throw new HttpError(
          429,
          format(MESSAGES.tooManyRequests, { n: limit.retryAfterSeconds }),
          'rate_limited',
          { 'retry-after': String(limit.retryAfterSeconds) },
        );
      }
      const payload = testPushPayload();
      const queued = await ctx.transaction((tx) =>
        queuePushToUser(tx, ctx.outbox, { userId, sessionId: null, kind: 'test', payload }),
      );
      return reply.code(202).send({ queued });
    },
  );

  app.delete(
    '/api/push/all',
    {
      preHandler: user,
      schema: {
        tags,
        operationId: 'removeAllPushDevices',
        summary: 'Forget every registered device of the caller',
        response: { 200: pushRemovedResponseSchema },
      },
    },
    async (request) => ({ removed: await ctx.subscriptions.removeAll(request.user!.id) }),
  );
}
