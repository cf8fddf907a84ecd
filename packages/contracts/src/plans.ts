/** Plans in rank order: free < standard < premium < enterprise. */
export const PLANS = ['free', 'standard', 'premium', 'enterprise'] as const;
export type Plan = (typeof PLANS)[number];

/** `null` means unlimited. */
export interface PlanLimits {
  /** Display name on the plans page. */
  name: string;
  /** Monthly price in US cents; `null` = contact sales. */
  priceCents: number | null;
  priceLabel: string;
  ownOpenSessions: number | null;
  /** Participants besides the owner. */
  participants: number;
  /** Invites per session, accepted plus pending. */
  invitesPerSession: number;
  joinedOpenSessions: number | null;
  chatMessagesPerHour: number | null;
  canEditSavedSession: boolean;
  priorityRouting: boolean;
  /** Places one "Where should we meet?" suggestion may compare. */
  suggestionCandidates: number;
}

/** The plan table (issue 2). Used by auth, session, communication and billing. */
export const PLAN_TABLE: Readonly<Record<Plan, PlanLimits>> = {
  free: {
    name: 'Free',
    priceCents: 0,
    priceLabel: '$0',
    ownOpenSessions: 1,
    participants: 3,
    invitesPerSession: 3,
    joinedOpenSessions: 1,
    chatMessagesPerHour: 10,
    canEditSavedSession: false,
    priorityRouting: false,
    suggestionCandidates: 3,
  },
  standard: {
    name: 'Standard',
    priceCents: 500,
    priceLabel: '$5/month',
    ownOpenSessions: null,
    participants: 5,
    invitesPerSession: 5,
    joinedOpenSessions: 5,
    chatMessagesPerHour: null,
    canEditSavedSession: true,
    priorityRouting: false,
    suggestionCandidates: 10,
  },
  premium: {
    name: 'Premium',
    priceCents: 1200,
    priceLabel: '$12/month',
    ownOpenSessions: null,
    participants: 12,
    invitesPerSession: 12,
    joinedOpenSessions: null,
    chatMessagesPerHour: null,
    canEditSavedSession: true,
    priorityRouting: true,
    suggestionCandidates: 10,
  },
  enterprise: {
    name: 'Enterprise',
    priceCents: null,
    priceLabel: 'Contact sales',
    ownOpenSessions: null,
    participants: 50,
    invitesPerSession: 50,
    joinedOpenSessions: null,
    chatMessagesPerHour: null,
    canEditSavedSession: true,
    priorityRouting: true,
    suggestionCandidates: 10,
  },
};

export const PAID_PLANS: readonly Plan[] = ['standard', 'premium', 'enterprise'];

export function planLimits(plan: Plan): PlanLimits {
  return PLAN_TABLE[plan];
}

/**
 * A plan's participants rule in words, the same on every page (landing, plans, terms): the owner
 * plus `participants` others, e.g. 'You and up to 3 others per session' (not 'Up to 3
 * participants', which reads as if the owner were one of the 3).
 */
export function participantsRuleText(limits: Pick<PlanLimits, 'participants'>): string {
  const n = limits.participants;
  return `You and up to ${n} ${n === 1 ? 'other' : 'others'} per session`;
}

/** Negative when a ranks below b, 0 when equal, positive when above. */
export function comparePlans(a: Plan, b: Plan): number {
  return PLANS.indexOf(a) - PLANS.indexOf(b);
}
