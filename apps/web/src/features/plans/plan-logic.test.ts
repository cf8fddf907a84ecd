import { BILLING_MESSAGES, PLAN_TABLE, PLANS } from '@oneeta/contracts';
import { describe, expect, it } from 'vitest';
import {
  CARD_ACTION_LABELS,
  cardAction,
  ENTERPRISE_MANAGED_TEXT,
  isPaidPlan,
  planChangeKind,
  planFeatures,
} from './plan-logic';

const labels = (userPlan: (typeof PLANS)[number] | null) =>
  PLANS.map((card) => CARD_ACTION_LABELS[cardAction(card, userPlan)]);

describe('plan card buttons', () => {
  it('shows a Sign in link on every card when signed out', () => {
    expect(labels(null)).toEqual(['Sign in', 'Sign in', 'Sign in', 'Sign in']);
  });

  it('labels cards by rank for a free user, with Contact on Enterprise', () => {
    expect(labels('free')).toEqual(['Current plan', 'Upgrade', 'Upgrade', 'Contact']);
  });

  it('labels cards by rank for a standard user', () => {
    expect(labels('standard')).toEqual(['Downgrade', 'Current plan', 'Upgrade', 'Contact']);
  });

  it('labels cards by rank for a premium user', () => {
    expect(labels('premium')).toEqual(['Downgrade', 'Downgrade', 'Current plan', 'Contact']);
  });

  it('shows an enterprise user Current plan on Enterprise, Downgrade on Free, and Contact (not a checkout) on Standard and Premium', () => {
    expect(labels('enterprise')).toEqual(['Downgrade', 'Contact', 'Contact', 'Current plan']);
    expect(PLANS.map((card) => cardAction(card, 'enterprise'))).toEqual([
      'downgrade',
      'managed',
      'managed',
      'current',
    ]);
    expect(ENTERPRISE_MANAGED_TEXT).toBe(BILLING_MESSAGES.enterpriseManaged);
  });

  it('never offers a checkout that billing refuses: every checkout card is an upgrade by a self-serve account', () => {
    for (const userPlan of PLANS) {
      for (const card of PLANS) {
        const action = cardAction(card, userPlan);
        if (action === 'upgrade' || action === 'downgrade') {
          if (planChangeKind(card) === 'checkout')
            expect(userPlan, `${userPlan} → ${card}`).not.toBe('enterprise');
        }
      }
    }
    expect(cardAction('standard', 'premium')).toBe('downgrade');
  });
});

describe('plan changes', () => {
  it('changes to free directly and to any paid plan through checkout', () => {
    expect(planChangeKind('free')).toBe('direct');
    expect(planChangeKind('standard')).toBe('checkout');
    expect(planChangeKind('premium')).toBe('checkout');
    expect(planChangeKind('enterprise')).toBe('checkout');
  });

  it('treats standard, premium and enterprise as paid (they see Manage billing)', () => {
    expect(PLANS.filter(isPaidPlan)).toEqual(['standard', 'premium', 'enterprise']);
  });
});

describe('plan features', () => {
  it('lists the free plan limits from the plan table', () => {
    expect(planFeatures('free')).toEqual([
      '1 active session',
      'You and up to 3 others per session',
      'Join up to 1 open session',
      'Chat: 10 messages per hour',
      'No edits to a saved session',
      'In-app notifications only (no SMS)',
    ]);
  });

  it('lists standard as unlimited sessions, you and 5 others and 5 joined sessions', () => {
    expect(planFeatures('standard')).toEqual([
      'Unlimited sessions',
      'You and up to 5 others per session',
      'Join up to 5 open sessions',
      'Unlimited chat',
      'Edit saved sessions',
    ]);
  });

  it('adds priority routing for premium and custom terms for enterprise', () => {
    expect(planFeatures('premium')).toContain('Priority routing');
    expect(planFeatures('premium')).toContain('You and up to 12 others per session');
    expect(planFeatures('premium')).toContain('Join unlimited open sessions');
    expect(planFeatures('enterprise')[0]).toBe('Everything in Premium, with higher limits');
    expect(planFeatures('enterprise')).toContain(
      `You and up to ${PLAN_TABLE.enterprise.participants} others per session`,
    );
    expect(planFeatures('enterprise')).toContain('SLA and priority support');
  });

  it('lists invites separately only when they differ from participants', () => {
    const limits = { ...PLAN_TABLE.standard, invitesPerSession: 8 };
    expect(planFeatures('standard', limits)).toContain('Up to 8 invites per session');
    expect(planFeatures('standard').some((line) => line.includes('invites'))).toBe(false);
  });
});
