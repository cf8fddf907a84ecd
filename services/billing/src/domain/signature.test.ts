import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { signPayload, verifySignature } from './signature.js';

describe('webhook signatures (Stripe’s scheme)', () => {
  const body = JSON.stringify({ id: 'evt_1', type: 'invoice.paid' });
  it('verifies its own signatures and Stripe’s test header for the same secret', () => {
    expect(verifySignature(body, signPayload(body, 'secret-a'), 'secret-a')).toBe(true);
    const stripeHeader = new Stripe('sk_test_x').webhooks.generateTestHeaderString({
      payload: body,
      secret: 'secret-a',
    });
    expect(verifySignature(body, stripeHeader, 'secret-a')).toBe(true);
  });
  it('refuses another secret, another body, a stale time and no header', () => {
    expect(verifySignature(body, signPayload(body, 'secret-b'), 'secret-a')).toBe(false);
    expect(verifySignature(`${body} `, signPayload(body, 'secret-a'), 'secret-a')).toBe(false);
    const stale = Math.floor(Date.now() / 1000) - 3600;
    expect(verifySignature(body, signPayload(body, 'secret-a', stale), 'secret-a')).toBe(false);
    expect(verifySignature(body, undefined, 'secret-a')).toBe(false);
    expect(verifySignature(body, 't=abc,v1=00', 'secret-a')).toBe(false);
  });
});

describe('hostile signature headers', () => {
  it('refuses a v1 of the right length in non-ASCII characters without throwing', () => {
    const body = '{}';
    const now = Math.floor(Date.now() / 1000);
    for (const v1 of ['é'.repeat(64), `${'a'.repeat(63)}é`, '😀'.repeat(32), 'ÿ'.repeat(32)])
      expect(verifySignature(body, `t=${now},v1=${v1}`, 'secret-a')).toBe(false);
  });
});
