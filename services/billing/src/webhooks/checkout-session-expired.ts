import type { EventOf } from '../domain/types.js';
import type { WebhookTx } from './effects.js';

/**
 * checkout.session.expired: the checkout closed unpaid. Its row, still open, is marked expired
 * (a paid or cancelled one stays so); no subscription or plan changes, so no user is concerned.
 */
export async function checkoutSessionExpired(
  w: WebhookTx,
  event: EventOf<'checkout.session.expired'>,
): Promise<string[]> {
  await w.store.closeCheckout(event.checkout.checkoutId, ['open'], 'expired');
  return [];
}
