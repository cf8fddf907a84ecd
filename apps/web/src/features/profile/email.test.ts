import { describe, expect, it } from 'vitest';
import { checkEmailChange, emailChangeErrorField } from './email';
import { validateVerifySearch } from './verify-search';

describe('changing the e-mail', () => {
  it('takes a valid new address (trimmed, lower-cased) with the current password', () => {
    expect(checkEmailChange('  New@Example.COM ', 'Secret1!', 'old@example.com')).toEqual({
      ok: true,
      body: { email: 'new@example.com', currentPassword: 'Secret1!' },
    });
  });

  it('refuses a malformed address, the current address and a missing password, each on its field', () => {
    expect(checkEmailChange('nope', 'x', 'old@example.com')).toEqual({
      ok: false,
      field: 'email',
      message: 'Please enter a valid email address',
    });
    expect(checkEmailChange('OLD@example.com', 'x', 'old@example.com')).toEqual({
      ok: false,
      field: 'email',
      message: 'This is already your e-mail',
    });
    expect(checkEmailChange('new@example.com', '', 'old@example.com')).toEqual({
      ok: false,
      field: 'password',
      message: 'Enter your current password to change your e-mail',
    });
  });

  it('shows password and lock errors under the password, the rest under the e-mail', () => {
    expect(emailChangeErrorField('wrong_password')).toBe('password');
    expect(emailChangeErrorField('rate_limited')).toBe('password');
    expect(emailChangeErrorField('email_taken')).toBe('email');
    expect(emailChangeErrorField(undefined)).toBe('email');
  });
});

describe('/verify-email query', () => {
  it('keeps a non-empty token and drops anything else', () => {
    expect(validateVerifySearch({ token: ' abc.def.ghi ', x: 1 })).toEqual({
      token: 'abc.def.ghi',
    });
    expect(validateVerifySearch({ token: '' })).toEqual({});
    expect(validateVerifySearch({ token: 5 })).toEqual({});
    expect(validateVerifySearch({})).toEqual({});
  });
});
