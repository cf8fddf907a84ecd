import { randomBytes } from 'node:crypto';
import { billingEventSchema, type BillingEvent } from '../domain/types.js';
import { signPayload, verifySignature } from '../domain/signature.js';
import { BadSignatureError, type BillingProvider } from './port.js';

export interface LocalProvider extends BillingProvider {
  readonly name: 'local';
  /** An event as the local provider sends it: the body and its signature header. */
  sign(event: BillingEvent): { body: Buffer; signature: string };
}

/**
 * The embedded test-mode provider (no account): checkouts and the portal are the web app's own
 * pages; its events are signed with a secret of this process and go through the webhook path.
 */
export function createLocalProvider(options: {
  webOrigin: string;
  secret?: string;
}): LocalProvider {
  const secret = options.secret ?? randomBytes(32).toString('hex');
  return {
    name: 'local',
    createCustomer: async (user) => `cus_local_${user.id}`,
    createCheckout: async (request) => ({
      id: request.checkoutId,
      url: `${options.webOrigin}/billing/checkout/${request.checkoutId}`,
    }),
    createPortal: async () => ({ url: `${options.webOrigin}/billing/portal` }),
    cancelSubscription: async () => {},
    parseWebhook(rawBody, signature) {
      const body = rawBody.toString('utf8');
      if (!verifySignature(body, signature, secret)) throw new BadSignatureError('bad signature');
      let json: unknown;
      try {
        json = JSON.parse(body);
      } catch {
        throw new BadSignatureError('not JSON');
      }
      const parsed = billingEventSchema.safeParse(json);
      return parsed.success ? parsed.data : null;
    },
    sign(event) {
      const body = JSON.stringify(event);
      return { body: Buffer.from(body), signature: signPayload(body, secret) };
    },
  };
}
