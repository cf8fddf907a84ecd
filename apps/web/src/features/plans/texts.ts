import { SPEC } from '../../text';

/** Texts of the plans page. Quoted ones are the spec's (doc 2 §2, §8); the rest say where they come from. */
export const PLANS_TEXT = {
  title: 'Choose your plan',
  subtitle: 'Upgrade for unlimited sessions and larger groups.',
  // Doc 2 §2 says signed-out users "are told to sign in to select a plan"; the sentence is ours.
  signedOutNotice: 'Sign in to select a plan.',
  enterpriseBadge: 'For large-scale',
  manageBillingTitle: 'Manage billing',
  // Ours: the spec names the section and says it opens the billing portal in a new tab.
  manageBillingBody:
    'Update your payment method, download invoices or cancel in the billing portal (opens in a new tab).',
  manageBillingButton: 'Manage billing',
  usageTermsTitle: 'Usage terms',
  fairUseTitle: 'Fair use and rate limiting',
  // Ours: doc 2 §1 (personal vs business use) and the Terms' rate-limit section.
  usageTermsBody:
    'Free, Standard and Premium are for personal, non-commercial use by one individual. Enterprise is for business use under custom terms.',
  fairUseBody:
    'Each plan sets how many sessions, participants and chat messages you can use, and automated requests are rate limited to keep OneETA fast for everyone.',
  termsLink: 'Read the Terms of Service',
  // Ours, in place of doc 2 §2's "the upgrade flow is a placeholder" note (issue 18: say the truth).
  paymentNote:
    'Paid plans are bought through Stripe Checkout and managed in the Stripe billing portal. Where no Stripe account is set up (a local install), a test-mode checkout opens instead and no card is charged.',
  // Ours: the return from a checkout (issue 18).
  checkoutUpdating: 'Payment received. Updating your plan…',
  checkoutDone: (planName: string) => `Payment received — you are now on the ${planName} plan.`,
  checkoutSlow:
    'Payment received. Your plan has not changed yet — reload this page in a minute to see it.',
  checkoutCancelled: 'Checkout cancelled. Your plan has not changed and nothing was charged.',
  confirmDowngrade: (planName: string) =>
    `Downgrade to ${planName}? Your plan's limits apply from now on.`,
  downgraded: (planName: string) => `You are now on the ${planName} plan`,
  // Doc 2 §8, each shown in a browser alert.
  checkoutFailed: SPEC.checkoutFailed,
  missingSessionUrl: SPEC.missingSessionUrl,
  planUpdateFailed: SPEC.planUpdateFailed,
  portalFailed: SPEC.portalFailed,
  missingPortalUrl: SPEC.missingPortalUrl,
} as const;
