import { countInvitesUsed, PLAN_TABLE } from '@oneeta/contracts';
import { describe, expect, it } from 'vitest';
import { inviteLimitReason, invitesCounterText, invitesUsed } from './invite-rules';

type CardSession = Parameters<typeof invitesUsed>[0];
const person = (id: string, status: 'active' | 'pending' | 'left' = 'active', isOwner = false) =>
  ({ id, status, isOwner }) as unknown as CardSession['participants'][number];

describe("the invites card's count", () => {
  const max = PLAN_TABLE.free.invitesPerSession;

  it("free: 3 invited, all accepted, one left and one removed: '1 of 3 invites used' and the form is open", () => {
    // What the server stores: three accepted invites; one person left, one row was removed.
    const stored = {
      invites: ['a', 'b', 'c'].map((u) => ({ status: 'accepted', participantId: `user:${u}` })),
      participants: [person('user:o', 'active', true), person('user:a', 'left'), person('user:c')],
    };
    const session: CardSession = {
      participants: stored.participants,
      invites: [],
      invitesUsed: countInvitesUsed(stored.invites, stored.participants),
    };
    expect(invitesUsed(session)).toBe(1);
    expect(invitesCounterText(invitesUsed(session), max)).toBe('1 of 3 invites used');
    expect(inviteLimitReason(invitesUsed(session), max)).toBeNull();
  });

  it("takes the server's count over what the view shows", () => {
    const session: CardSession = {
      participants: [person('user:o', 'active', true), person('g-1')],
      invites: [],
      invitesUsed: 0,
    };
    expect(invitesUsed(session)).toBe(0);
  });

  it("at the allowance: '3 of 3 invites used' and 'Invite limit reached'", () => {
    const session: CardSession = { participants: [], invites: [], invitesUsed: 3 };
    expect(invitesCounterText(invitesUsed(session), max)).toBe('3 of 3 invites used');
    expect(inviteLimitReason(invitesUsed(session), max)).toMatch(/^Invite limit reached: 3 of 3/);
  });

  it('without a server count, counts the people still in plus pending invites without a row', () => {
    const session = {
      participants: [person('user:o', 'active', true), person('user:a'), person('user:x', 'left')],
      invites: [{ id: '1', pending: true }],
    } as unknown as CardSession;
    expect(invitesUsed(session)).toBe(2);
  });

  it('shows no counter while the allowance is unknown', () => {
    expect(invitesCounterText(2, null)).toBeNull();
  });
});
