import { describe, expect, it } from 'vitest';
import { selectPageState, type PageStateInput } from './page-state';

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
  });
});
