import { describe, expect, it } from 'vitest';
import { closedReason, formatAmount, renewalLine, subscriptionStatusLabel } from './billing-logic';

describe('formatAmount', () => {
  it('shows minor units in the currency’s own decimals', () => {
    expect(formatAmount(500, 'usd')).toBe('$5.00');
    expect(formatAmount(1200, 'USD')).toBe('$12.00');
    expect(formatAmount(500, 'JPY')).toBe('¥500');
    expect(formatAmount(1999, 'EUR', 'de-DE')).toBe('19,99\u00a0€');
  });
});

describe('closedReason', () => {
  it('says nothing for an open checkout and why any other cannot be paid', () => {
    expect(closedReason('open')).toBeNull();
    expect(closedReason('paid')).toBe('It has been paid.');
    expect(closedReason('cancelled')).toBe('It was cancelled.');
    expect(closedReason('expired')).toBe('It expired before it was paid.');
  });
});

describe('subscriptionStatusLabel', () => {
  it('names each status', () => {
    expect(subscriptionStatusLabel('active')).toBe('Active');
    expect(subscriptionStatusLabel('past_due')).toBe('Past due — the last payment failed');
    expect(subscriptionStatusLabel('canceled')).toBe('Cancelled');
  });
});

describe('renewalLine', () => {
  const end = '2026-03-08T00:30:00Z';

  it('shows the next renewal in the viewer’s own zone, with no zone label', () => {
    expect(
      renewalLine(
        { currentPeriodEnd: end, cancelAtPeriodEnd: false, status: 'active' },
        'America/Denver',
      ),
    ).toEqual({ label: 'Next renewal', value: 'Mar 7, 2026, 5:30 PM' });
    expect(
      renewalLine(
        { currentPeriodEnd: end, cancelAtPeriodEnd: false, status: 'active' },
        'Europe/Berlin',
      ),
    ).toEqual({ label: 'Next renewal', value: 'Mar 8, 2026, 1:30 AM' });
  });

  it('says when it ends instead when it will not renew', () => {
    expect(
      renewalLine({ currentPeriodEnd: end, cancelAtPeriodEnd: true, status: 'active' }, 'UTC')
        .label,
    ).toBe('Ends on');
    expect(
      renewalLine({ currentPeriodEnd: end, cancelAtPeriodEnd: false, status: 'canceled' }, 'UTC')
        .label,
    ).toBe('Ends on');
  });

  it('shows a dash without a date', () => {
    expect(
      renewalLine({ currentPeriodEnd: null, cancelAtPeriodEnd: false, status: 'active' }, 'UTC')
        .value,
    ).toBe('—');
  });
});
