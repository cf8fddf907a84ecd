import type { Config } from '../config.js';
import { createLocalProvider } from './local.js';
import type { BillingProvider } from './port.js';
import { createStripeProvider } from './stripe.js';

/** Stripe when STRIPE_SECRET_KEY (and its webhook secret and prices) are set; else the local test mode. */
export function createProvider(config: Config): BillingProvider {
  if (config.STRIPE_SECRET_KEY && config.STRIPE_WEBHOOK_SECRET && config.STRIPE_PRICE_STANDARD && config.STRIPE_PRICE_PREMIUM)
    return createStripeProvider({
      secretKey: config.STRIPE_SECRET_KEY,
      webhookSecret: config.STRIPE_WEBHOOK_SECRET,
      prices: { standard: config.STRIPE_PRICE_STANDARD, premium: config.STRIPE_PRICE_PREMIUM },
      apiBase: config.STRIPE_API_BASE,
    });
  return createLocalProvider({ webOrigin: config.PUBLIC_URL });
}
