import { describe, expect, it } from 'vitest';
import { participant, session } from '../../../test-fixtures';
import {
  isValidSessionId,
  lostMembership,
  selectPageState,
  type PageStateInput,
} from './page-state';

const base: PageStateInput = {
  session: { status: 'error', httpStatus: 404 },
  auth: 'signed-in',
  canCreate: true,
  guestContinued: false,
};

describe('selectPageState', () => {
  it('waits while the session loads', () => {
    expect(selectPageState({ ...base, session: { status: 'pending' } })).toBe('loading');
  });

  it('shows the main screen for an open session and the closed view for a closed one', () => {
    expect(selectPageState({ ...base, session: { status: 'success', closed: false } })).toBe(
      'main',
    );
    expect(selectPageState({ ...base, session: { status: 'success', closed: true } })).toBe(
      'closed',
    );
  });

  it('denies access on 403 and reports other failures as errors', () => {
    expect(selectPageState({ ...base, session: { status: 'error', httpStatus: 403 } })).toBe(
      'access-denied',
    );
    expect(selectPageState({ ...base, session: { status: 'error', httpStatus: 502 } })).toBe(
      'error',
    );
    expect(selectPageState({ ...base, session: { status: 'error', httpStatus: 0 } })).toBe('error');
  });

  it('checks the account limits before offering a new session (404)', () => {
    expect(selectPageState({ ...base, canCreate: undefined })).toBe('checking-limits');
    expect(selectPageState({ ...base, canCreate: false })).toBe('limit-reached');
    expect(selectPageState(base)).toBe('new');
  });

  it('lets the save decide when the limits could not be read', () => {
    expect(selectPageState({ ...base, canCreate: null })).toBe('new');
  });

  it('shows the guest overlay to a signed-out visitor until they continue read-only', () => {
    expect(selectPageState({ ...base, auth: 'signed-out', canCreate: undefined })).toBe(
      'guest-overlay',
    );
    expect(selectPageState({ ...base, auth: 'signed-out', guestContinued: true })).toBe('new');
  });

  it('waits for the current user before choosing between guest and member screens', () => {
    expect(selectPageState({ ...base, auth: 'loading' })).toBe('loading');
    // A session already answered waits too: shown as a guest's meanwhile, the page would jump.
    const open = { status: 'success', closed: false } as const;
    expect(selectPageState({ ...base, session: open, auth: 'loading' })).toBe('loading');
    expect(selectPageState({ ...base, session: open, auth: 'signed-in' })).toBe('main');
  });

  it("answers 'Session not found' for an id that cannot be a session, before anything loads", () => {
    expect(selectPageState({ ...base, validId: false })).toBe('not-found');
    expect(selectPageState({ ...base, validId: false, session: { status: 'pending' } })).toBe(
      'not-found',
    );
    // A valid unknown id stays a new session.
    expect(selectPageState({ ...base, validId: true })).toBe('new');
  });

  it('tells a member who lost access why, instead of Access denied', () => {
    const denied = { ...base, session: { status: 'error', httpStatus: 403 } } as const;
    expect(selectPageState({ ...denied, lost: 'removed' })).toBe('removed');
    expect(selectPageState({ ...denied, lost: 'invite-cancelled' })).toBe('invite-cancelled');
    expect(selectPageState({ ...denied, lost: 'left' })).toBe('left');
    expect(selectPageState({ ...denied, lost: null })).toBe('access-denied');
  });
});

describe('isValidSessionId', () => {
  it('accepts 7 characters from lowercase letters and digits 2–9 without i, l, o', () => {
    expect(isValidSessionId('abc2345')).toBe(true);
    expect(isValidSessionId('zzzz999')).toBe(true);
  });

  it.each([
    'W7FBRCS',
    'w7fbrcs1',
    'w7fbrc',
    'abc0345',
    'abc1345',
    'abci345',
    'abcl345',
    'abco345',
    'abc-345',
    '',
  ])('refuses %j', (id) => {
    expect(isValidSessionId(id)).toBe(false);
  });
});

describe('lostMembership', () => {
  const me = participant({ id: 'user:u1', userId: 'u1' });
  it('says removed when the last answer still listed the viewer as an active participant', () => {
    expect(lostMembership(session({ viewerRole: 'participant', participants: [me] }), 'u1')).toBe(
      'removed',
    );
  });

  it('says left when the viewer had already been dropped from their own page', () => {
    expect(lostMembership(session({ viewerRole: 'participant', participants: [] }), 'u1')).toBe(
      'left',
    );
  });

  it('says invite cancelled for a pending invitee', () => {
    expect(lostMembership(session({ viewerRole: 'invitee' }), 'u1')).toBe('invite-cancelled');
  });

  it('says nothing without an earlier answer, a user, or for other roles', () => {
    expect(lostMembership(undefined, 'u1')).toBeNull();
    expect(
      lostMembership(session({ viewerRole: 'participant', participants: [me] }), null),
    ).toBeNull();
    expect(lostMembership(session({ viewerRole: 'owner', participants: [me] }), 'u1')).toBeNull();
    expect(lostMembership(session({ viewerRole: 'guest' }), 'u1')).toBeNull();
  });
});
