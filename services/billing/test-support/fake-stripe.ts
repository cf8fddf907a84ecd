import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import { obj, str, strings } from './form.js';
import {
  StripeWireError,
  id,
  missing,
  now,
  required,
  startWireServer,
  throwing,
  type Json,
  type Route,
  type WireRequest,
} from './stripe-wire.js';

/**
 * A local stand-in for api.stripe.com, speaking Stripe's wire format for the calls billing makes:
 * form-encoded bodies, `Authorization: Bearer sk_…`, the `Idempotency-Key` header (the same key
 * answers the first response again; with other parameters, an idempotency_error), and Stripe's
 * error shape `{ error: { type, message, code, param } }`. Endpoints: customers (create,
 * retrieve), checkout/sessions (create), billing_portal/sessions (create), subscriptions
 * (retrieve, cancel). Test controls complete a checkout, fail a payment and end a subscription,
 * and build the webhook events Stripe would send, signed with `generateTestHeaderString`.
 */
export const FAKE_PRICES = {
  standard: 'price_standard_test',
  premium: 'price_premium_test',
} as const;
const PRICE_AMOUNTS: Record<string, number> = {
  [FAKE_PRICES.standard]: 500,
  [FAKE_PRICES.premium]: 1200,
};
export const FAKE_SECRET_KEY = 'sk_test_fake_0123456789';
export const FAKE_WEBHOOK_SECRET = 'whsec_fake_0123456789abcdef';

export interface FakeStripe {
  /** http://127.0.0.1:<port>: STRIPE_API_BASE. */
  url: string;
  customers: Map<string, Json>;
  sessions: Map<string, Json>;
  subscriptions: Map<string, Json>;
  /** Every request received: method, path and its decoded parameters. */
  requests: WireRequest[];
  /** Makes the next call answer this error (Stripe's shape and status). */
  failNext(error: {
    status: number;
    type: string;
    message: string;
    code?: string;
    param?: string;
  }): void;
  /** Stripe's side of paying a checkout: the subscription starts; answers the events Stripe sends. */
  completeCheckout(sessionId: string): {
    completed: Stripe.Event;
    created: Stripe.Event;
    paid: Stripe.Event;
    subscriptionId: string;
  };
  /** A renewal fails: the subscription is past due. */
  failPayment(subscriptionId: string): { failed: Stripe.Event; updated: Stripe.Event };
  /** A renewal succeeds. */
  payRenewal(subscriptionId: string): { paid: Stripe.Event; updated: Stripe.Event };
  /** Stripe ends the subscription (after its retries, or a cancel). */
  endSubscription(subscriptionId: string): Stripe.Event;
  /** An event as Stripe builds it (created: now unless given). */
  event(type: string, object: Json, created?: number): Stripe.Event;
  /** The body and Stripe-Signature header of a webhook delivery. */
  sign(event: Stripe.Event, secret?: string): { body: string; signature: string };
  close(): Promise<void>;
}

export async function startFakeStripe(): Promise<FakeStripe> {
  const customers = new Map<string, Json>();
  const sessions = new Map<string, Json>();
  const subscriptions = new Map<string, Json>();
  const requests: WireRequest[] = [];
  let nextError: StripeWireError | null = null;
  const stripe = new Stripe(FAKE_SECRET_KEY);

  const routes: Route[] = [
    [
      'POST',
      /^\/v1\/customers$/,
      ({ params }) => {
        const customer = {
          id: id('cus'),
          object: 'customer',
          email: str(params.email) ?? null,
          metadata: strings(params.metadata),
          created: now(),
          livemode: false,
        };
        customers.set(customer.id, customer);
        return customer;
      },
    ],
    [
      'GET',
      /^\/v1\/customers\/([\w-]+)$/,
      (_r, m) => customers.get(m[1]!) ?? throwing(missing('customer', m[1]!, 'id')),
    ],
    [
      'POST',
      /^\/v1\/checkout\/sessions$/,
      ({ params }) => {
        const mode = str(params.mode);
        if (!mode) throw required('mode');
        if (!str(params.success_url)) throw required('success_url');
        const customer = str(params.customer);
        if (customer && !customers.has(customer)) throw missing('customer', customer, 'customer');
        const item = obj(obj(params.line_items)['0']);
        const price = str(item.price);
        if (!price) throw required('line_items[0][price]');
        if (!(price in PRICE_AMOUNTS)) throw missing('price', price, 'line_items[0][price]');
        const session = {
          id: id('cs_test'),
          object: 'checkout.session',
          mode,
          status: 'open',
          payment_status: 'unpaid',
          url: `https://checkout.stripe.test/c/pay/${randomBytes(6).toString('hex')}`,
          customer: customer ?? null,
          customer_email: str(params.customer_email) ?? null,
          client_reference_id: str(params.client_reference_id) ?? null,
          metadata: strings(params.metadata),
          subscription_metadata: strings(obj(params.subscription_data).metadata),
          price,
          amount_total: PRICE_AMOUNTS[price],
          currency: 'usd',
          subscription: null as string | null,
          success_url: str(params.success_url),
          cancel_url: str(params.cancel_url) ?? null,
          expires_at: Number(str(params.expires_at) ?? now() + 86_400),
          created: now(),
          livemode: false,
        };
        sessions.set(session.id, session);
        return session;
      },
    ],
    [
      'POST',
      /^\/v1\/billing_portal\/sessions$/,
      ({ params }) => {
        const customer = str(params.customer);
        if (!customer) throw required('customer');
        if (!customers.has(customer)) throw missing('customer', customer, 'customer');
        return {
          id: id('bps'),
          object: 'billing_portal.session',
          customer,
          return_url: str(params.return_url) ?? null,
          url: `https://billing.stripe.test/p/session/${randomBytes(6).toString('hex')}`,
          created: now(),
          livemode: false,
        };
      },
    ],
    [
      'GET',
      /^\/v1\/subscriptions\/([\w-]+)$/,
      (_r, m) => subscriptions.get(m[1]!) ?? throwing(missing('subscription', m[1]!, 'id')),
    ],
    [
      'DELETE',
      /^\/v1\/subscriptions\/([\w-]+)$/,
      (_r, m) => {
        const sub = subscriptions.get(m[1]!) ?? throwing(missing('subscription', m[1]!, 'id'));
        if (sub.status === 'canceled')
          throw new StripeWireError(
            400,
            'invalid_request_error',
            `A canceled subscription can only update its cancellation_details and metadata.`,
            'resource_missing',
          );
        Object.assign(sub, { status: 'canceled', canceled_at: now(), ended_at: now() });
        return sub;
      },
    ],
  ];

  const server = await startWireServer({
    secretKey: FAKE_SECRET_KEY,
    routes,
    requests,
    takeError: () => {
      const err = nextError;
      nextError = null;
      return err;
    },
  });

  const event = (type: string, object: Json, created = now()): Stripe.Event =>
    ({
      id: id('evt'),
      object: 'event',
      api_version: Stripe.API_VERSION,
      created,
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
      data: { object: structuredClone(object) },
    }) as unknown as Stripe.Event;
  const invoice = (sub: Json, reason: string, status: 'paid' | 'open') => {
    const amount =
      PRICE_AMOUNTS[
        String((sub.items as { data: { price: { id: string } }[] }).data[0]!.price.id)
      ] ?? 0;
    return {
      id: id('in'),
      object: 'invoice',
      customer: sub.customer,
      status,
      billing_reason: reason,
      amount_due: amount,
      amount_paid: status === 'paid' ? amount : 0,
      currency: 'usd',
      parent: {
        type: 'subscription_details',
        subscription_details: { subscription: sub.id, metadata: sub.metadata },
      },
      created: now(),
      livemode: false,
    };
  };
  const subscription = (subscriptionId: string) =>
    subscriptions.get(subscriptionId) ?? throwing(new Error(`no subscription ${subscriptionId}`));

  return {
    url: server.url,
    customers,
    sessions,
    subscriptions,
    requests,
    failNext: (e) =>
      (nextError = new StripeWireError(e.status, e.type, e.message, e.code, e.param)),
    completeCheckout(sessionId) {
      const session = sessions.get(sessionId) ?? throwing(new Error(`no session ${sessionId}`));
      const customer =
        (session.customer as string | null) ??
        (() => {
          const made = {
            id: id('cus'),
            object: 'customer',
            email: session.customer_email,
            metadata: {},
            created: now(),
            livemode: false,
          };
          customers.set(made.id, made);
          return made.id;
        })();
      const periodEnd = now() + 30 * 86_400;
      const sub = {
        id: id('sub'),
        object: 'subscription',
        customer,
        status: 'active',
        cancel_at_period_end: false,
        metadata: session.subscription_metadata,
        items: {
          object: 'list',
          data: [
            {
              id: id('si'),
              object: 'subscription_item',
              price: { id: session.price, object: 'price' },
              quantity: 1,
              current_period_start: now(),
              current_period_end: periodEnd,
            },
          ],
        },
        created: now(),
        livemode: false,
      };
      subscriptions.set(sub.id, sub);
      Object.assign(session, {
        status: 'complete',
        payment_status: 'paid',
        customer,
        subscription: sub.id,
      });
      const { subscription_metadata: _m, price: _p, ...wire } = session;
      return {
        completed: event('checkout.session.completed', wire),
        created: event('customer.subscription.created', sub),
        paid: event('invoice.paid', invoice(sub, 'subscription_create', 'paid')),
        subscriptionId: sub.id,
      };
    },
    failPayment(subscriptionId) {
      const sub = subscription(subscriptionId);
      sub.status = 'past_due';
      return {
        failed: event('invoice.payment_failed', invoice(sub, 'subscription_cycle', 'open')),
        updated: event('customer.subscription.updated', sub),
      };
    },
    payRenewal(subscriptionId) {
      const sub = subscription(subscriptionId);
      sub.status = 'active';
      return {
        paid: event('invoice.paid', invoice(sub, 'subscription_cycle', 'paid')),
        updated: event('customer.subscription.updated', sub),
      };
    },
    endSubscription(subscriptionId) {
      const sub = subscription(subscriptionId);
      Object.assign(sub, { status: 'canceled', canceled_at: now(), ended_at: now() });
      return event('customer.subscription.deleted', sub);
    },
    event,
    sign(e, secret = FAKE_WEBHOOK_SECRET) {
      const body = JSON.stringify(e, null, 2);
      return {
        body,
        signature: stripe.webhooks.generateTestHeaderString({ payload: body, secret }),
      };
    },
    close: server.close,
  };
}
