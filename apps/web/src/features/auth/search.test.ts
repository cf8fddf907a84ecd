import { describe, expect, it } from 'vitest';
import { authMode, validateAuthSearch } from './search';

describe('/auth query', () => {
  it('keeps mode, next and inviteEmail and drops anything malformed', () => {
    expect(
      validateAuthSearch({ mode: 'register', next: '/s/abc2345', inviteEmail: 'a@b.co', x: 1 }),
    ).toEqual({ mode: 'register', next: '/s/abc2345', inviteEmail: 'a@b.co' });
    expect(validateAuthSearch({ mode: 'signup', next: 5, inviteEmail: '' })).toEqual({});
  });

  it('takes the mode from the query, else from route state, else login', () => {
    expect(authMode({ mode: 'login' }, { mode: 'register' })).toBe('login');
    expect(authMode({}, { mode: 'register' })).toBe('register');
    expect(authMode({}, { mode: 'bogus' })).toBe('login');
    expect(authMode({}, undefined)).toBe('login');
  });
});
