import { describe, expect, it } from 'vitest';
import { ownPageUrl } from './own-page';

const HERE = 'http://127.0.0.1:8080';

describe('ownPageUrl', () => {
  it("opens the local provider's pages on the browser's own origin", () => {
    expect(ownPageUrl('http://localhost:8080/billing/checkout/co_abc123', HERE)).toBe(
      'http://127.0.0.1:8080/billing/checkout/co_abc123',
    );
    expect(ownPageUrl('http://localhost:8080/billing/portal', HERE)).toBe(
      'http://127.0.0.1:8080/billing/portal',
    );
    expect(ownPageUrl('http://localhost:8080/plans?checkout=success', HERE)).toBe(
      'http://127.0.0.1:8080/plans?checkout=success',
    );
  });

  it('leaves URLs on the same origin as they are', () => {
    expect(ownPageUrl(`${HERE}/billing/portal`, HERE)).toBe(`${HERE}/billing/portal`);
  });

  it("leaves Stripe's pages and any other page alone", () => {
    const stripe = 'https://checkout.stripe.com/c/pay/cs_test_a1b2#fid=x';
    expect(ownPageUrl(stripe, HERE)).toBe(stripe);
    expect(ownPageUrl('https://billing.stripe.com/p/session/test_123', HERE)).toBe(
      'https://billing.stripe.com/p/session/test_123',
    );
    expect(ownPageUrl('https://evil.example/billing/portal/extra', HERE)).toBe(
      'https://evil.example/billing/portal/extra',
    );
    expect(ownPageUrl('javascript:alert(1)', HERE)).toBe('javascript:alert(1)');
  });
});
