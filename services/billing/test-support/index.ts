/** Billing's test support (`@oneeta/billing/testing`): the harness and the fake Stripe server. */
export * from './harness.js';
export * from './fake-stripe.js';
