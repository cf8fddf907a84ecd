import { describe, expect, it } from 'vitest';
import {
  checkDisplayName,
  checkPhoneCode,
  checkPhoneStart,
  normalizePhone,
  phoneErrorPlacement,
} from './phone';

describe('phone normalisation', () => {
  it('normalises 10 digits to +1 and the digits, ignoring punctuation', () => {
    expect(normalizePhone('(555) 123-4567')).toBe('+15551234567');
    expect(normalizePhone('555.123.4567')).toBe('+15551234567');
  });

  it('accepts 11 digits starting with 1', () => {
    expect(normalizePhone('+1 555 123 4567')).toBe('+15551234567');
    expect(normalizePhone('15551234567')).toBe('+15551234567');
  });

  it('rejects 11 digits not starting with 1, and too few or too many digits', () => {
    expect(normalizePhone('25551234567')).toBeNull();
    expect(normalizePhone('555123456')).toBeNull();
    expect(normalizePhone('155512345678')).toBeNull();
    expect(normalizePhone('')).toBeNull();
  });
});

describe('starting phone verification', () => {
  it('rejects an invalid number with the spec message before looking at consent', () => {
    expect(checkPhoneStart('12345', true)).toEqual({
      ok: false,
      field: 'phone',
      message: 'Please enter a valid phone number (include country code)',
    });
  });

  it('requires the consent box before a code is sent', () => {
    const result = checkPhoneStart('555 123 4567', false);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.field).toBe('consent');
  });

  it('gives the normalised number when valid and consented', () => {
    expect(checkPhoneStart('1-555-123-4567', true)).toEqual({ ok: true, phone: '+15551234567' });
  });

  it('requires a non-empty code and trims it', () => {
    expect(checkPhoneCode('   ').ok).toBe(false);
    expect(checkPhoneCode(' 123456 ')).toEqual({ ok: true, code: '123456' });
  });
});

describe('phone error placement', () => {
  it('puts errors about the phone, the code or invalid input under the field', () => {
    expect(phoneErrorPlacement('Please enter a valid phone number (include country code)')).toBe(
      'field',
    );
    expect(phoneErrorPlacement('Invalid or expired verification code')).toBe('field');
    expect(phoneErrorPlacement('Start phone verification first')).toBe('field');
    // The rule is literal: a default text that names the phone goes under the field too.
    expect(phoneErrorPlacement('Failed to remove phone')).toBe('field');
  });

  it('shows other errors as a banner', () => {
    expect(phoneErrorPlacement('Failed to start verification')).toBe('banner');
    expect(phoneErrorPlacement('Too many requests. Try again in 30s')).toBe('banner');
  });
});

describe('display name', () => {
  it("rejects an empty or blank name with 'Name cannot be empty'", () => {
    expect(checkDisplayName('   ')).toEqual({ ok: false, message: 'Name cannot be empty' });
  });

  it('trims a valid name', () => {
    expect(checkDisplayName('  Ada Lovelace ')).toEqual({ ok: true, name: 'Ada Lovelace' });
  });
});
