import { describe, expect, it } from 'vitest';
import { memberRole } from './membership.js';

const session = { creatorUserId: 'owner' };
const rows = [
  { userId: 'owner', status: 'active' as const },
  { userId: 'p1', status: 'active' as const },
  { userId: 'inv', status: 'pending' as const },
  { userId: 'gone', status: 'left' as const },
  { userId: null, status: 'active' as const },
];

describe('memberRole', () => {
  it('names the owner, active participants and pending invitees', () => {
    expect(memberRole(session, rows, 'owner')).toBe('owner');
    expect(memberRole(session, rows, 'p1')).toBe('participant');
    expect(memberRole(session, rows, 'inv')).toBe('invitee');
  });

  it('gives no role to someone who left or never had a row', () => {
    expect(memberRole(session, rows, 'gone')).toBeNull();
    expect(memberRole(session, rows, 'stranger')).toBeNull();
  });

  it('counts the creator as owner even without a participant row', () => {
    expect(memberRole(session, [], 'owner')).toBe('owner');
  });
});
