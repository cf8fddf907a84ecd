import { describe, expect, it } from 'vitest';
import { authMode, validateAuthSearch, validateResetSearch } from './search';

describe('/auth query', () => {
  it('keeps mode, next and inviteEmail and drops anything malformed', () => {
    expect(
      validateAuthSearch({ mode: 'register', next: '/s/abc2345', inviteEmail: 'a@b.co', x: 1 }),
    ).toEqual({ mode: 'register', next: '/s/abc2345', inviteEmail: 'a@b.co' });
    expect(validateAuthSearch({ mode: 'signup', next: 5, inviteEmail: '' })).toEqual({});
  });

  it("keeps mode 'forgot' (the form that asks for a link to choose a new password)", () => {
    expect(validateAuthSearch({ mode: 'forgot', next: '/profile' })).toEqual({
      mode: 'forgot',
      next: '/profile',
    });
    expect(authMode({ mode: 'forgot' }, { mode: 'register' })).toBe('forgot');
  });

  it('takes the mode from the query, else from route state, else login', () => {
    expect(authMode({ mode: 'login' }, { mode: 'register' })).toBe('login');
    expect(authMode({}, { mode: 'register' })).toBe('register');
    expect(authMode({}, { mode: 'bogus' })).toBe('login');
    expect(authMode({}, undefined)).toBe('login');
  });
});

describe('/auth/reset query', () => {
  it("keeps the link's token, trimmed, and drops an empty or malformed one", () => {
    expect(validateResetSearch({ token: ' abc.def ' })).toEqual({ token: 'abc.def' });
    expect(validateResetSearch({ token: '' })).toEqual({});
    expect(validateResetSearch({ token: 5 })).toEqual({});
    expect(validateResetSearch({})).toEqual({});
  });
});
