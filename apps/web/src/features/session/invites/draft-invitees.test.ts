import { MESSAGES } from '@oneeta/contracts';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../api/client';
import { addDraftInvitee, inviteErrorText, parseDraftInvitees } from './draft-invitees';
import { SESSION_SPEC, SESSION_UI } from '../texts';

const ada = { name: 'Ada', email: 'ada@example.com' };

describe('addDraftInvitee', () => {
  it('adds a trimmed invitee', () => {
    expect(addDraftInvitee([], { name: ' Ada ', email: ' ada@example.com ' }, 3)).toEqual({
      list: [ada],
    });
  });

  it("needs an e-mail ('Provide an email')", () => {
    expect(addDraftInvitee([], { name: 'Ada', email: '  ' }, 3)).toEqual({
      error: MESSAGES.provideEmail,
    });
  });

  it("answers 'Invite limit reached' at the plan's allowance, and allows any number without one", () => {
    const three = ['a', 'b', 'c'].map((x) => ({ name: '', email: `${x}@example.com` }));
    expect(addDraftInvitee(three, { name: '', email: 'd@example.com' }, 3)).toEqual({
      error: MESSAGES.inviteLimitReached,
    });
    expect(addDraftInvitee(three, { name: '', email: 'd@example.com' }, null)).toMatchObject({
      list: expect.arrayContaining([{ name: '', email: 'd@example.com' }]),
    });
  });

  it('does not list one e-mail twice, in any case', () => {
    expect(addDraftInvitee([ada], { name: 'Again', email: 'ADA@example.com' }, 3)).toEqual({
      error: SESSION_UI.alreadyListed,
    });
  });
});

describe('parseDraftInvitees', () => {
  it('reads back what was stored and drops what is not an invitee', () => {
    const raw = JSON.stringify([ada, { name: 'No mail' }, null, 7, { email: 'b@example.com' }]);
    expect(parseDraftInvitees(raw)).toEqual([ada, { name: '', email: 'b@example.com' }]);
  });

  it('answers an empty list for nothing, broken JSON or another shape', () => {
    for (const raw of [null, '', '{', '{"email":"x@example.com"}']) {
      expect(parseDraftInvitees(raw)).toEqual([]);
    }
  });
});

describe('inviteErrorText', () => {
  it("uses the server's text, 'Could not send invite' when unreachable, else 'Invite failed'", () => {
    const refused = new ApiError('Provide an email', 400, 'bad_request', {
      error: 'Provide an email',
    });
    expect(inviteErrorText(refused)).toBe('Provide an email');
    expect(inviteErrorText(new ApiError('network', 0))).toBe(SESSION_SPEC.couldNotSendInvite);
    expect(inviteErrorText(new Error('boom'))).toBe(SESSION_SPEC.inviteFailed);
  });
});
