import { billingWebhookResponseSchema } from '@oneeta/contracts';
import { errorSchema, type App } from '@oneeta/service-kit';
import type { BillingContext } from '../context.js';

/**
 * POST /api/billing/webhook: the provider's events. The signature is checked on the raw bytes, so
 * this route reads its body unparsed, whatever its content type.
 */
export function webhookRoutes(app: App, ctx: BillingContext) {
  app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) =>
      done(null, body),
    );
    scope.post(
      '/api/billing/webhook',
      {
        schema: {
          tags: ['billing'],
          operationId: 'billingWebhook',
          summary: "The payment provider's signed events (Stripe-Signature on the raw body)",
          response: { 200: billingWebhookResponseSchema, 400: errorSchema },
        },
      },
      async (request) => {
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const signature = request.headers['stripe-signature'];
        await ctx.billing.receiveWebhook(
          body,
          typeof signature === 'string' ? signature : undefined,
        );
        return { received: true as const };
      },
    );
  });
}
