import { describe, expect, it } from 'vitest';
import { communicationUserIdOf as acs } from './identity.js';
import { planMembership } from './members.js';

const p = (userId: string | null, status: 'active' | 'pending' | 'left') => ({
  participantId: `user:${userId}`,
  userId,
  status,
  enroute: false,
  leaveBy: null,
});

describe('a session thread follows the session', () => {
  it('adds active participants who are not in the thread yet and keeps those who are', () => {
    const plan = planMembership(
      { participants: [p('owner', 'active'), p('ana', 'active'), p('bo', 'active')] },
      acs('owner'),
      [acs('owner'), acs('ana')],
    );
    expect(plan).toEqual({ add: ['bo'], remove: [] });
  });

  it('removes those who left, are only pending, or are no longer in the session, never the creator', () => {
    const plan = planMembership(
      { participants: [p('ana', 'left'), p('bo', 'pending'), p(null, 'active')] },
      acs('owner'),
      [acs('owner'), acs('ana'), acs('bo'), acs('gone')],
    );
    expect(plan).toEqual({ add: [], remove: [acs('ana'), acs('bo'), acs('gone')] });
  });

  it('works on stored identities (ACS mode) through the id map it is given', () => {
    const ids: Record<string, string> = { owner: '8:acs:r_1', ana: '8:acs:r_2', bo: '8:acs:r_3' };
    const plan = planMembership(
      { participants: [p('owner', 'active'), p('ana', 'active'), p('bo', 'left')] },
      ids.owner!,
      [ids.owner!, ids.bo!],
      (userId) => ids[userId]!,
    );
    expect(plan).toEqual({ add: ['ana'], remove: [ids.bo] });
  });
});
