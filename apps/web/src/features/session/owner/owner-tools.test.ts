import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../api/client';
import {
  freePlanInviteNotice,
  inviteFormError,
  inviteHref,
  invitesUsed,
} from '../invites/invite-rules';
import {
  auditError,
  closeError,
  describeRecord,
  hourLabel,
  usageBarHeight,
  usageError,
} from './owner-tools-logic';

describe('matrix usage bars', () => {
  it('are 10 + 8 × count px high, at most 80', () => {
    expect([0, 1, 5, 8, 9, 100].map(usageBarHeight)).toEqual([10, 18, 50, 74, 80, 80]);
  });

  it('label UTC hours', () => {
    expect(hourLabel('2026-07-01T18')).toBe('Jul 1, 18:00 UTC');
    expect(hourLabel('2026-07-01T18:00:00.000Z')).toBe('Jul 1, 18:00 UTC');
    expect(hourLabel('garbage')).toBe('garbage');
  });
});

describe('owner tool errors', () => {
  it('asks to sign in on 401 and refuses non-authors on 403', () => {
    expect(auditError(new ApiError('Not authenticated', 401))).toBe('Sign in to view audit logs');
    expect(auditError(new ApiError('x', 403))).toBe(
      'You are not authorized to view logs for this session',
    );
    expect(usageError(new ApiError('No route for /api/sessions/a/matrix-usage', 404))).toBe(
      'Could not load matrix usage',
    );
    expect(auditError(new ApiError('Service unavailable', 502))).toBe('Could not load audit logs');
  });

  it('maps close failures', () => {
    expect(closeError(new ApiError('x', 401))).toBe('Please sign in again');
    expect(closeError(new ApiError('x', 403))).toBe('Only the author can close this session');
    expect(closeError(new ApiError('x', 500))).toBe('Could not close session');
  });

  it('describes audit records briefly', () => {
    expect(describeRecord({ q: 'park', originCount: 2, x: null })).toBe('q: park, originCount: 2');
    expect(describeRecord({ bestByTravelTime: { travelTimeSeconds: 600 } })).toBe(
      'bestByTravelTime: travelTimeSeconds: 600',
    );
  });
});

describe('invite rules', () => {
  const p = (id: string, isOwner = false, status: 'active' | 'pending' | 'left' = 'active') => ({
    id,
    isOwner,
    status,
  });
  const session = {
    participants: [
      p('user:o', true),
      p('user:a'),
      p('invite:1', false, 'pending'),
      p('user:gone', false, 'left'),
    ],
    invites: [
      { id: '1', pending: true },
      { id: '2', pending: true },
    ],
  } as unknown as Parameters<typeof invitesUsed>[0];

  it('counts accepted plus pending, once each', () => {
    expect(invitesUsed(session)).toBe(3);
  });

  it('needs an e-mail, then room', () => {
    expect(inviteFormError({ email: '  ', used: 0, max: 3 })).toBe('Provide an email');
    expect(inviteFormError({ email: 'a@b.c', used: 3, max: 3 })).toBe('Invite limit reached');
    expect(inviteFormError({ email: 'a@b.c', used: 2, max: 3 })).toBeNull();
    expect(inviteFormError({ email: 'a@b.c', used: 9, max: null })).toBeNull();
  });

  it('warns a free account holding more than 3 invited participants', () => {
    expect(freePlanInviteNotice('free', 4, 3)).toBe(
      'Free accounts may invite up to 3 participants. Remove some invites to save.',
    );
    expect(freePlanInviteNotice('free', 3, 3)).toBeNull();
    expect(freePlanInviteNotice('standard', 9, 5)).toBeNull();
  });

  it('builds the invite link', () => {
    expect(inviteHref('abc2345', 'c0de')).toBe('/session/abc2345/invite/c0de');
  });
});
