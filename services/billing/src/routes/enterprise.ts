import { randomUUID } from 'node:crypto';
import {
  enterpriseLeadBodySchema,
  enterpriseLeadResponseSchema,
  format,
  MESSAGES,
} from '@oneeta/contracts';
import { errorSchema, HttpError, type App, type Guards } from '@oneeta/service-kit';
import type { BillingContext } from '../context.js';

/** POST /api/enterprise/lead (document 2 §3, §5): stored; its id is the reference shown. */
export function enterpriseRoutes(app: App, ctx: BillingContext, guards: Guards) {
  app.post(
    '/api/enterprise/lead',
    {
      preHandler: guards.optionalUser,
      schema: {
        tags: ['enterprise'],
        operationId: 'createEnterpriseLead',
        summary: 'Send an enterprise contact request (bearer optional)',
        body: enterpriseLeadBodySchema,
        response: { 201: enterpriseLeadResponseSchema, 429: errorSchema },
      },
    },
    async (request, reply) => {
      const rule = { limit: ctx.config.LEAD_MAX_PER_IP_PER_HOUR, windowSeconds: 3600 };
      const gate = await ctx.limiter.reserve(`lead:ip:${request.ip}`, rule);
      if (!gate.allowed)
        throw new HttpError(
          429,
          format(MESSAGES.tooManyRequests, { n: gate.retryAfterSeconds }),
          'rate_limited',
          {
            'retry-after': String(gate.retryAfterSeconds),
          },
        );
      const id = randomUUID();
      const lead = request.body;
      await ctx.billing.store.insertLead({
        id,
        userId: request.user?.id ?? null,
        name: lead.name,
        email: lead.email,
        company: lead.company ?? null,
        payload: lead,
      });
      return reply.status(201).send({ id });
    },
  );
}
