import type { Config } from '../config.js';
import type { ProviderName } from '../domain/types.js';
import { createLocalProvider } from './local.js';
import type { BillingProvider } from './port.js';
import { createStripeProvider } from './stripe.js';
import { createUnavailableProvider } from './unavailable.js';

type ProviderConfig = Pick<
  Config,
  | 'BILLING_PROVIDER'
  | 'STRIPE_SECRET_KEY'
  | 'STRIPE_WEBHOOK_SECRET'
  | 'STRIPE_PRICE_STANDARD'
  | 'STRIPE_PRICE_PREMIUM'
>;

/**
 * Who sells plans: BILLING_PROVIDER when set; else Stripe when it is configured; else nobody. The
 * local test-mode checkout (plans for a click) runs only when chosen by name.
 */
export function providerChoice(config: ProviderConfig): ProviderName {
  if (config.BILLING_PROVIDER) return config.BILLING_PROVIDER;
  const stripe =
    config.STRIPE_SECRET_KEY &&
    config.STRIPE_WEBHOOK_SECRET &&
    config.STRIPE_PRICE_STANDARD &&
    config.STRIPE_PRICE_PREMIUM;
  return stripe ? 'stripe' : 'none';
}

/** What the service says at start about who sells plans, and how loudly. */
export function providerNotice(
  name: ProviderName,
  nodeEnv: string,
): { level: 'info' | 'warn'; message: string } {
  if (name === 'none')
    return {
      level: 'warn',
      message:
        'No billing provider: plans cannot be bought (checkouts answer 503). Set STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_PRICE_STANDARD and STRIPE_PRICE_PREMIUM, or BILLING_PROVIDER=local for the test-mode checkout',
    };
  if (name === 'local' && nodeEnv === 'production')
    return {
      level: 'warn',
      message:
        'BILLING_PROVIDER=local in production: the test-mode checkout gives paid plans away for a click',
    };
  return { level: 'info', message: `billing provider: ${name}` };
}

export function createProvider(config: Config): BillingProvider {
  const name = providerChoice(config);
  if (name === 'stripe')
    return createStripeProvider({
      // The config refuses BILLING_PROVIDER=stripe without these.
      secretKey: config.STRIPE_SECRET_KEY!,
      webhookSecret: config.STRIPE_WEBHOOK_SECRET!,
      prices: { standard: config.STRIPE_PRICE_STANDARD!, premium: config.STRIPE_PRICE_PREMIUM! },
      apiBase: config.STRIPE_API_BASE,
    });
  if (name === 'local') return createLocalProvider({ webOrigin: config.PUBLIC_URL });
  return createUnavailableProvider();
}
