import { describe, expect, it } from 'vitest';
import { inviteCodeOf, inviteTargetOf, validateInviteSearch } from './invite-params';

describe('invite page parameters', () => {
  it('keeps only the parameter names the invite page reads', () => {
    expect(
      validateInviteSearch({ code: 'C1', sessionId: 'abc2345', other: 'x', invite: '' }),
    ).toEqual({ code: 'C1', sessionId: 'abc2345' });
    expect(validateInviteSearch({ inviteCode: 12345 })).toEqual({ inviteCode: '12345' });
  });

  it('takes the code from the path, else invite, code, invitationCode, inviteCode in that order', () => {
    expect(inviteCodeOf('P1', { code: 'Q1' })).toBe('P1');
    expect(inviteCodeOf(undefined, { inviteCode: 'D', code: 'B' })).toBe('B');
    expect(inviteCodeOf(undefined, { invitationCode: 'C', inviteCode: 'D' })).toBe('C');
    expect(inviteCodeOf(undefined, { invite: 'A', code: 'B' })).toBe('A');
    expect(inviteCodeOf(' ', {})).toBeUndefined();
  });

  it('takes the session id from the path, else session, sessionId, id in that order', () => {
    expect(inviteTargetOf({ id: 'abc2345', code: 'C1' }, { session: 'zzz2345' })).toEqual({
      sessionId: 'abc2345',
      code: 'C1',
    });
    expect(inviteTargetOf({ id: ' ' }, { id: 'c', sessionId: 'b', code: 'K' })).toEqual({
      sessionId: 'b',
      code: 'K',
    });
    expect(inviteTargetOf({}, { session: 'a', id: 'c', invitationCode: 'K' })).toEqual({
      sessionId: 'a',
      code: 'K',
    });
  });

  it('needs both the session id and the code', () => {
    expect(inviteTargetOf({ id: 'abc2345' }, {})).toBeUndefined();
    expect(inviteTargetOf({}, { code: 'K' })).toBeUndefined();
  });
});
