import { describe, expect, it } from 'vitest';
import { countInvitesUsed, participantsRuleText, PLAN_TABLE } from '../src/index.js';

describe('countInvitesUsed (accepted plus pending)', () => {
  const active = (id: string) => ({ id, status: 'active' });

  it('counts pending invites and accepted ones whose person is still active', () => {
    const invites = [
      { status: 'pending', participantId: 'invite:1' },
      { status: 'accepted', participantId: 'user:a' },
      { status: 'accepted', participantId: 'user:b' },
    ];
    expect(countInvitesUsed(invites, [active('user:o'), active('user:a'), active('user:b')])).toBe(
      3,
    );
  });

  it('frees the place of someone who left or was removed', () => {
    const invites = [
      { status: 'accepted', participantId: 'user:a' },
      { status: 'accepted', participantId: 'user:left' },
      { status: 'accepted', participantId: 'user:removed' },
    ];
    const people = [active('user:o'), active('user:a'), { id: 'user:left', status: 'left' }];
    expect(countInvitesUsed(invites, people)).toBe(1);
  });

  it('leaves declined invites out and counts a person invited twice once', () => {
    const invites = [
      { status: 'declined', participantId: 'invite:9' },
      { status: 'accepted', participantId: 'user:a' },
      { status: 'accepted', participantId: 'user:a' },
      { status: 'accepted', participantId: null },
    ];
    expect(countInvitesUsed(invites, [active('user:a')])).toBe(1);
  });
});

describe('participantsRuleText', () => {
  it('says the owner plus the plan’s others', () => {
    expect(participantsRuleText(PLAN_TABLE.free)).toBe('You and up to 3 others per session');
    expect(participantsRuleText(PLAN_TABLE.premium)).toBe('You and up to 12 others per session');
    expect(participantsRuleText({ participants: 1 })).toBe('You and up to 1 other per session');
  });
});
