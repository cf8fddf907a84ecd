/** Pure rules of the plans page (doc 2 §2 Plans, §4 Plan changes, §6 entitlements). */
import {
  PAID_PLANS,
  participantsRuleText,
  PLAN_TABLE,
  PLANS,
  type Plan,
  type PlanLimits,
} from '@oneeta/contracts';
import { PLAN_ACTION_LABELS, planAction, type PlanAction } from '../../lib/plan-rank';
import { SPEC } from '../../text';

/**
 * What a plan card's button does for the viewer: the shell's rank rule, plus a Sign in link when
 * signed out, and 'managed' (billing's enterprise-managed sentence with a Contact link) where an
 * Enterprise account would otherwise get a checkout billing refuses.
 */
export type CardAction = PlanAction | 'signin' | 'managed';

export const CARD_ACTION_LABELS: Readonly<Record<CardAction, string>> = {
  ...PLAN_ACTION_LABELS,
  signin: SPEC.signInNav,
  managed: SPEC.planContact,
};

/**
 * Shown on a card whose action is 'managed': billing's own refusal, BILLING_MESSAGES.enterpriseManaged
 * (copied, not imported: contracts' billing.ts holds schemas, which stay out of the entry chunk;
 * the unit test checks the two are equal).
 */
export const ENTERPRISE_MANAGED_TEXT = 'Your Enterprise plan is managed with our team';

/**
 * The button of `card` for a viewer on `userPlan` (null when signed out): signed-out viewers get a
 * Sign in link on every card (doc 2 §2); otherwise the rank rule of `lib/plan-rank`, except that an
 * Enterprise account cannot check out Standard or Premium (billing answers 'Your Enterprise plan is
 * managed with our team'): those cards say so and link to the team. Its Downgrade to Free stays.
 */
export function cardAction(card: Plan, userPlan: Plan | null): CardAction {
  if (userPlan === null) return 'signin';
  const action = planAction(userPlan, card);
  if (userPlan === 'enterprise' && action === 'downgrade' && planChangeKind(card) === 'checkout')
    return 'managed';
  return action;
}

/**
 * How a plan change is carried out (doc 2 §4, §7): a change to free is a direct
 * `PATCH /api/auth/plan`; any paid plan goes through hosted checkout.
 */
export function planChangeKind(target: Plan): 'direct' | 'checkout' {
  return target === 'free' ? 'direct' : 'checkout';
}

export function isPaidPlan(plan: Plan): boolean {
  return PAID_PLANS.includes(plan);
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** Marketing lines that are not limits (doc 2 §6 plan entitlements). */
const PLAN_EXTRAS: Readonly<Record<Plan, readonly string[]>> = {
  free: ['In-app notifications only (no SMS)'],
  standard: [],
  premium: [],
  enterprise: ['SLA and priority support', 'Custom terms'],
};

/** The feature list of a plan card, derived from its limits in the plan table. */
export function planFeatures(plan: Plan, limits: PlanLimits = PLAN_TABLE[plan]): string[] {
  const lines: string[] = [];
  if (plan === 'enterprise') lines.push('Everything in Premium, with higher limits');
  lines.push(
    limits.ownOpenSessions === null
      ? 'Unlimited sessions'
      : plural(limits.ownOpenSessions, 'active session', 'active sessions'),
  );
  lines.push(participantsRuleText(limits));
  if (limits.invitesPerSession !== limits.participants) {
    lines.push(`Up to ${plural(limits.invitesPerSession, 'invite', 'invites')} per session`);
  }
  lines.push(
    limits.joinedOpenSessions === null
      ? 'Join unlimited open sessions'
      : `Join up to ${plural(limits.joinedOpenSessions, 'open session', 'open sessions')}`,
  );
  lines.push(
    limits.chatMessagesPerHour === null
      ? 'Unlimited chat'
      : `Chat: ${plural(limits.chatMessagesPerHour, 'message', 'messages')} per hour`,
  );
  lines.push(limits.canEditSavedSession ? 'Edit saved sessions' : 'No edits to a saved session');
  if (limits.priorityRouting) lines.push('Priority routing');
  lines.push(...PLAN_EXTRAS[plan]);
  return lines;
}

/** The four cards in rank order. */
export function planCards(): { plan: Plan; limits: PlanLimits }[] {
  return PLANS.map((plan) => ({ plan, limits: PLAN_TABLE[plan] }));
}
