import { describe, expect, it } from 'vitest';
import { parseInviteLink, resolveInviteInput } from './invite-link';

describe('parseInviteLink', () => {
  it('reads the session id and code of a full invite link', () => {
    expect(parseInviteLink('https://host.example/session/abc2345/invite/CODE9')).toEqual({
      sessionId: 'abc2345',
      code: 'CODE9',
    });
  });

  it('accepts a link without scheme, a bare path, spaces and a trailing slash', () => {
    expect(parseInviteLink('  host.example/session/abc2345/invite/XY12/  ')).toEqual({
      sessionId: 'abc2345',
      code: 'XY12',
    });
    expect(parseInviteLink('/session/abc2345/invite/XY12?utm=1')).toEqual({
      sessionId: 'abc2345',
      code: 'XY12',
    });
  });

  it('reads the query parameters session|sessionId|id and invite|code|invitationCode|inviteCode', () => {
    expect(parseInviteLink('https://h/join?sessionId=abc2345&inviteCode=Q1')).toEqual({
      sessionId: 'abc2345',
      code: 'Q1',
    });
    expect(parseInviteLink('https://h/session/abc2345/invite?code=Q2')).toEqual({
      sessionId: 'abc2345',
      code: 'Q2',
    });
    expect(parseInviteLink('https://h/x?id=s1&invitationCode=Q3')).toEqual({
      sessionId: 's1',
      code: 'Q3',
    });
    expect(parseInviteLink('https://h/x?session=s2&invite=Q4')).toEqual({
      sessionId: 's2',
      code: 'Q4',
    });
  });

  it('falls back to the last two path segments', () => {
    expect(parseInviteLink('https://h/i/abc2345/CODE')).toEqual({
      sessionId: 'abc2345',
      code: 'CODE',
    });
  });

  it('decodes escaped characters in the code', () => {
    expect(parseInviteLink('https://h/session/abc2345/invite/a%2Bb')?.code).toBe('a+b');
  });

  it('finds nothing in a link without both parts', () => {
    expect(parseInviteLink('')).toBeUndefined();
    expect(parseInviteLink('https://h/session/abc2345/invite')).toBeUndefined();
    expect(parseInviteLink('https://h/x?sessionId=abc2345')).toBeUndefined();
    expect(parseInviteLink('abc2345')).toBeUndefined();
  });
});

describe('resolveInviteInput (Join Session Invite form)', () => {
  const required = { error: 'Session id and invite code are required' };

  it('prefers a pasted link', () => {
    expect(
      resolveInviteInput({
        link: 'https://h/session/abc2345/invite/C1',
        sessionId: 'zzz',
        code: 'zzz',
      }),
    ).toEqual({ sessionId: 'abc2345', code: 'C1' });
  });

  it('uses the two fields when no link is given, trimmed', () => {
    expect(resolveInviteInput({ link: ' ', sessionId: ' abc2345 ', code: ' C1 ' })).toEqual({
      sessionId: 'abc2345',
      code: 'C1',
    });
  });

  it("answers 'Session id and invite code are required' when a part is missing", () => {
    expect(resolveInviteInput({ link: '', sessionId: 'abc2345', code: '' })).toEqual(required);
    expect(resolveInviteInput({ link: '', sessionId: '', code: 'C1' })).toEqual(required);
    expect(resolveInviteInput({ link: 'https://h/nothing', sessionId: '', code: '' })).toEqual(
      required,
    );
  });
});
