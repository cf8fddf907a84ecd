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
  // Ours: doc 2 §2 "A note says the upgrade flow is a placeholder."
  placeholderNote:
    'Note: the upgrade flow is a placeholder. Checkout is not connected to a payment provider yet.',
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
