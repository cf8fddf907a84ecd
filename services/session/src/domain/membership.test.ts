import { describe, expect, it } from 'vitest';
import { asMember, memberRole } from './membership.js';

const session = { creatorUserId: 'owner' };
const rows = [
  { userId: 'owner', status: 'active' as const },
  { userId: 'p1', status: 'active' as const },
  { userId: 'inv', status: 'pending' as const },
  { userId: 'gone', status: 'left' as const },
  { userId: null, status: 'active' as const },
];
const invites = [
  { email: 'Invited@Example.com', status: 'pending' as const },
  { email: 'declined@example.com', status: 'declined' as const },
  { email: 'gone@example.com', status: 'accepted' as const },
];
const role = (id: string, verifiedEmail?: string) =>
  memberRole(session, rows, invites, { id, verifiedEmail });

describe('memberRole', () => {
  it('names the owner, active participants and pending invitees', () => {
    expect(role('owner')).toBe('owner');
    expect(role('p1')).toBe('participant');
    expect(role('inv')).toBe('invitee');
  });

  it('finds an invitee by the e-mail of a pending invite, in any case, when no row holds their id', () => {
    expect(role('someone', 'invited@example.com')).toBe('invitee');
    expect(role('someone', 'INVITED@EXAMPLE.COM')).toBe('invitee');
    expect(role('someone')).toBeNull();
  });

  it("ignores an unverified e-mail: anyone can type an invitee's address", () => {
    const unverified = asMember({
      id: 'someone',
      email: 'invited@example.com',
      emailVerified: false,
    });
    expect(memberRole(session, rows, invites, unverified)).toBeNull();
    const verified = asMember({ id: 'someone', email: 'invited@example.com', emailVerified: true });
    expect(memberRole(session, rows, invites, verified)).toBe('invitee');
  });

  it('gives no role for an invite that is no longer pending', () => {
    expect(role('someone', 'declined@example.com')).toBeNull();
  });

  it('gives no role to someone who left or never had a row, whatever their e-mail', () => {
    expect(role('gone', 'gone@example.com')).toBeNull();
    expect(role('stranger', 'stranger@example.com')).toBeNull();
  });

  it('counts the creator as owner even without a participant row', () => {
    expect(memberRole(session, [], [], { id: 'owner' })).toBe('owner');
  });
});
