import { BILLING_MESSAGES } from '@oneeta/contracts';

/**
 * Texts of the local provider's checkout and portal pages (issue 18). 'Test mode — no card is
 * charged' and the server's sentences come from the contract; the rest are ours.
 */
export const BILLING_TEXT = {
  testMode: BILLING_MESSAGES.testMode,
  checkoutNotFound: BILLING_MESSAGES.checkoutNotFound,
  checkoutClosed: BILLING_MESSAGES.checkoutClosed,
  noSubscription: BILLING_MESSAGES.noSubscription,

  checkoutTitle: 'Checkout',
  checkoutSignIn: 'Sign in to continue to checkout.',
  plan: 'Plan',
  price: 'Price',
  dueToday: 'Due today',
  checkoutTerms:
    'Paying starts your subscription at once. It renews every month until you cancel it under Manage billing on the plans page.',
  pay: 'Pay',
  paying: 'Paying…',
  cancel: 'Cancel',
  cancelling: 'Cancelling…',
  closedPaid: 'It has been paid.',
  closedCancelled: 'It was cancelled.',
  closedExpired: 'It expired before it was paid.',

  portalTitle: 'Manage billing',
  portalSignIn: 'Sign in to manage your billing.',
  status: 'Status',
  nextRenewal: 'Next renewal',
  endsOn: 'Ends on',
  noDate: '—',
  statusActive: 'Active',
  statusPastDue: 'Past due — the last payment failed',
  statusCanceled: 'Cancelled',
  cancelSubscription: 'Cancel subscription',
  confirmCancel: (planName: string) =>
    `Cancel your ${planName} subscription? You return to the Free plan at once.`,
  subscriptionCancelled: 'Your subscription is cancelled. You are now on the Free plan.',
  backToPlans: 'Back to plans',
} as const;
