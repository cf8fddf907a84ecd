import {
  cancelSubscriptionResponseSchema,
  checkoutBodySchema,
  checkoutParamsSchema,
  localCheckoutSchema,
  redirectResponseSchema,
  subscriptionResponseSchema,
} from '@oneeta/contracts';
import type { App, Guards } from '@oneeta/service-kit';
import type { BillingContext } from '../context.js';
import { exportRoutes } from './export.js';

const tags = ['billing'];

/** The signed-in billing calls (document 2 §7 "Billing and enterprise"; issue 18). */
export function billingRoutes(app: App, ctx: BillingContext, guards: Guards) {
  const { billing } = ctx;
  exportRoutes(app, ctx, guards);

  app.post(
    '/api/billing/create-checkout-session',
    {
      preHandler: guards.requireUser,
      schema: {
        tags,
        operationId: 'createCheckoutSession',
        summary: 'Open a checkout for Standard or Premium; the browser navigates to the url',
        body: checkoutBodySchema,
        response: { 200: redirectResponseSchema },
      },
    },
    async (request) => ({ url: await billing.openCheckout(request.user!, request.body.plan) }),
  );

  app.post(
    '/api/billing/create-portal-session',
    {
      preHandler: guards.requireUser,
      schema: {
        tags,
        operationId: 'createPortalSession',
        summary: 'The billing portal of a paid plan (opened in a new tab)',
        response: { 200: redirectResponseSchema },
      },
    },
    async (request) => ({ url: await billing.openPortal(request.user!) }),
  );

  app.get(
    '/api/billing/checkout/:id',
    {
      preHandler: guards.requireUser,
      schema: {
        tags,
        operationId: 'getLocalCheckout',
        summary: "The local test-mode checkout (its opener's only)",
        params: checkoutParamsSchema,
        response: { 200: localCheckoutSchema },
      },
    },
    async (request) => billing.localCheckout(request.user!, request.params.id),
  );

  app.post(
    '/api/billing/checkout/:id/pay',
    {
      preHandler: guards.requireUser,
      schema: {
        tags,
        operationId: 'payLocalCheckout',
        summary: 'Pay the local test-mode checkout (no card is charged)',
        params: checkoutParamsSchema,
        response: { 200: redirectResponseSchema },
      },
    },
    async (request) => ({ url: await billing.payLocalCheckout(request.user!, request.params.id) }),
  );

  app.post(
    '/api/billing/checkout/:id/cancel',
    {
      preHandler: guards.requireUser,
      schema: {
        tags,
        operationId: 'cancelLocalCheckout',
        summary: 'Leave the local test-mode checkout without paying',
        params: checkoutParamsSchema,
        response: { 200: redirectResponseSchema },
      },
    },
    async (request) => ({
      url: await billing.cancelLocalCheckout(request.user!, request.params.id),
    }),
  );

  app.get(
    '/api/billing/subscription',
    {
      preHandler: guards.requireUser,
      schema: {
        tags,
        operationId: 'getSubscription',
        summary: "The caller's paid subscription, or null",
        response: { 200: subscriptionResponseSchema },
      },
    },
    async (request) => ({ subscription: await billing.subscriptionOf(request.user!) }),
  );

  app.post(
    '/api/billing/subscription/cancel',
    {
      preHandler: guards.requireUser,
      schema: {
        tags,
        operationId: 'cancelSubscription',
        summary: 'End the paid subscription now; the plan returns to free',
        response: { 200: cancelSubscriptionResponseSchema },
      },
    },
    async (request) => ({ subscription: await billing.cancelSubscriptionOf(request.user!) }),
  );
}
