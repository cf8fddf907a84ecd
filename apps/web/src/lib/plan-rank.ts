import { comparePlans, type Plan } from '@oneeta/contracts';
import { SPEC } from '../text';

export type PlanAction = 'current' | 'upgrade' | 'downgrade' | 'contact';

/**
 * What a plan card offers (doc 2 §2 "Plans"): the user's own plan is 'current'; Enterprise is
 * 'contact'; otherwise 'upgrade' or 'downgrade' by rank (free < standard < premium < enterprise).
 */
export function planAction(current: Plan, target: Plan): PlanAction {
  if (current === target) return 'current';
  if (target === 'enterprise') return 'contact';
  return comparePlans(target, current) > 0 ? 'upgrade' : 'downgrade';
}

export const PLAN_ACTION_LABELS: Readonly<Record<PlanAction, string>> = {
  current: SPEC.planCurrent,
  upgrade: SPEC.planUpgrade,
  downgrade: SPEC.planDowngrade,
  contact: SPEC.planContact,
};
