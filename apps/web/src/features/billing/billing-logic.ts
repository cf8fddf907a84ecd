/** Pure rules of the local checkout and portal pages (issue 18). */
import type { LocalCheckout, SubscriptionView } from '@oneeta/contracts';
import { formatInZone } from '../../lib/datetime';
import { BILLING_TEXT } from './texts';

/** An amount in minor units as money: 500 USD → "$5.00"; 500 JPY → "¥500". */
export function formatAmount(amountMinor: number, currency: string, locale = 'en-US'): string {
  const format = new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: currency.toUpperCase(),
  });
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(amountMinor / 10 ** digits);
}

/** Why a checkout that is not open cannot be paid, after 'This checkout is no longer open'. */
export function closedReason(status: LocalCheckout['status']): string | null {
  switch (status) {
    case 'open':
      return null;
    case 'paid':
      return BILLING_TEXT.closedPaid;
    case 'cancelled':
      return BILLING_TEXT.closedCancelled;
    case 'expired':
      return BILLING_TEXT.closedExpired;
  }
}

export function subscriptionStatusLabel(status: SubscriptionView['status']): string {
  switch (status) {
    case 'active':
      return BILLING_TEXT.statusActive;
    case 'past_due':
      return BILLING_TEXT.statusPastDue;
    case 'canceled':
      return BILLING_TEXT.statusCanceled;
  }
}

/**
 * The renewal line of the portal: 'Next renewal' (or 'Ends on' when the subscription ends at the
 * period's end) and the date and time. A renewal belongs to no place, so it is shown in the viewer's
 * own zone, which by the project's rule for times needs no zone label.
 */
export function renewalLine(
  subscription: Pick<SubscriptionView, 'currentPeriodEnd' | 'cancelAtPeriodEnd' | 'status'>,
  viewerTz?: string,
): { label: string; value: string } {
  const label =
    subscription.cancelAtPeriodEnd || subscription.status === 'canceled'
      ? BILLING_TEXT.endsOn
      : BILLING_TEXT.nextRenewal;
  const value = formatInZone(subscription.currentPeriodEnd, null, viewerTz) ?? BILLING_TEXT.noDate;
  return { label, value };
}
