import { MESSAGES } from '@oneeta/contracts';
import { describe, expect, it } from 'vitest';
import { canSubmitLogin, checkNewPassword, checkRegister, passwordChecklist } from './password';

const metOf = (password: string) =>
  Object.fromEntries(passwordChecklist(password).map((r) => [r.id, r.met]));

describe('password checklist', () => {
  it('lists the five rules of the register form in order, each with its own message', () => {
    expect(passwordChecklist('').map((r) => r.message)).toEqual([
      'Password must be at least 8 characters',
      'Password must contain an uppercase letter',
      'Password must contain a lowercase letter',
      'Password must contain a number',
      'Password must contain a symbol',
    ]);
  });

  it('marks each rule met or unmet as the password grows', () => {
    expect(metOf('')).toEqual({
      length: false,
      uppercase: false,
      lowercase: false,
      number: false,
      symbol: false,
    });
    expect(metOf('abc')).toMatchObject({ lowercase: true, uppercase: false, length: false });
    expect(metOf('Abcdefg1')).toEqual({
      length: true,
      uppercase: true,
      lowercase: true,
      number: true,
      symbol: false,
    });
    expect(Object.values(metOf('Abcdefg1!')).every(Boolean)).toBe(true);
  });

  it('counts exactly 8 characters as long enough and 7 as too short', () => {
    expect(metOf('Abcdef1!').length).toBe(true);
    expect(metOf('Abcde1!').length).toBe(false);
  });
});

describe('register form', () => {
  const good = { email: 'ann@example.com', password: 'Str0ng!pass', confirm: 'Str0ng!pass' };

  it('can be sent when the e-mail is valid, every rule is met and the confirmation matches', () => {
    expect(checkRegister(good)).toEqual({ canSubmit: true });
  });

  it("says 'Passwords do not match' once a different confirmation is typed", () => {
    const check = checkRegister({ ...good, confirm: 'Str0ng!pasS' });
    expect(check.confirmError).toBe(MESSAGES.passwordsDoNotMatch);
    expect(check.confirmError).toBe('Passwords do not match');
    expect(check.canSubmit).toBe(false);
  });

  it('stays quiet about an empty confirmation but still blocks sending', () => {
    const check = checkRegister({ ...good, confirm: '' });
    expect(check.confirmError).toBeUndefined();
    expect(check.canSubmit).toBe(false);
  });

  it('blocks a weak password even when both fields match', () => {
    expect(checkRegister({ ...good, password: 'weakpass', confirm: 'weakpass' }).canSubmit).toBe(
      false,
    );
  });

  it('flags a malformed e-mail and blocks an empty one without an error', () => {
    expect(checkRegister({ ...good, email: 'not-an-email' })).toMatchObject({
      emailError: MESSAGES.emailInvalid,
      canSubmit: false,
    });
    const empty = checkRegister({ ...good, email: '  ' });
    expect(empty.emailError).toBeUndefined();
    expect(empty.canSubmit).toBe(false);
  });
});

describe('login form', () => {
  it('needs both an e-mail and a password', () => {
    expect(canSubmitLogin('a@b.co', 'x')).toBe(true);
    expect(canSubmitLogin(' ', 'x')).toBe(false);
    expect(canSubmitLogin('a@b.co', '')).toBe(false);
  });
});

describe('new password (change, reset by link)', () => {
  it('needs every register rule, a typed confirmation and a match', () => {
    expect(checkNewPassword({ password: '', confirm: '' })).toEqual({ canSubmit: false });
    expect(checkNewPassword({ password: 'Abcdefg1', confirm: 'Abcdefg1' })).toEqual({
      canSubmit: false,
    });
    expect(checkNewPassword({ password: 'Abcdefg1!', confirm: '' })).toEqual({ canSubmit: false });
    expect(checkNewPassword({ password: 'Abcdefg1!', confirm: 'Abcdefg1!' })).toEqual({
      canSubmit: true,
    });
  });

  it("says 'Passwords do not match' once the confirmation differs", () => {
    expect(checkNewPassword({ password: 'Abcdefg1!', confirm: 'Abcdefg1?' })).toEqual({
      confirmError: MESSAGES.passwordsDoNotMatch,
      canSubmit: false,
    });
  });
});
