import { BILLING_MESSAGES } from '@oneeta/contracts';
import { HttpError } from '@oneeta/service-kit';
import { BadSignatureError, type BillingProvider } from './port.js';

const refuse = async (): Promise<never> => {
  throw new HttpError(503, BILLING_MESSAGES.notConfigured, 'billing_not_configured');
};

/**
 * No payment provider configured (a production process without Stripe, and BILLING_PROVIDER not
 * 'local'): no checkout, portal or cancellation opens (503 with a sentence) and no webhook is believed.
 */
export function createUnavailableProvider(): BillingProvider {
  return {
    name: 'none',
    createCustomer: refuse,
    createCheckout: refuse,
    createPortal: refuse,
    cancelSubscription: refuse,
    parseWebhook() {
      throw new BadSignatureError('no billing provider');
    },
  };
}
