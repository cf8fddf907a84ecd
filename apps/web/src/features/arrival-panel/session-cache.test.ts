import { describe, expect, it } from 'vitest';
import { invite, participant, session } from '../../test-fixtures';
import { withoutInvite, withParticipant, withParticipants } from './session-cache';

describe('session cache updates', () => {
  const a = participant({ id: 'user:a', label: 'A' });
  const b = participant({ id: 'user:b', label: 'B' });
  const pending = participant({ id: 'invite:i1', pending: true, status: 'pending' });
  const s = session({
    participants: [a, b, pending],
    invites: [invite({ id: 'i1' }), invite({ id: 'i2' })],
  });

  it('replaces the returned participant in place, or adds it', () => {
    const enroute = { ...b, enroute: true };
    expect(withParticipant(s, enroute).participants.map((p) => [p.id, p.enroute])).toEqual([
      ['user:a', false],
      ['user:b', true],
      ['invite:i1', false],
    ]);
    expect(withParticipant(s, participant({ id: 'user:c' })).participants.map((p) => p.id)).toEqual(
      ['user:a', 'user:b', 'invite:i1', 'user:c'],
    );
  });

  it("takes the server's participant list after remove or leave", () => {
    expect(withParticipants(s, [a]).participants).toEqual([a]);
  });

  it('drops a cancelled invite and its pending participant row', () => {
    const after = withoutInvite(s, 'i1');
    expect(after.invites.map((i) => i.id)).toEqual(['i2']);
    expect(after.participants.map((p) => p.id)).toEqual(['user:a', 'user:b']);
    expect(s.invites).toHaveLength(2); // not mutated
  });
});
