import { MESSAGES } from '@oneeta/contracts';
import { describe, expect, it } from 'vitest';
import {
  canChangePassword,
  EXPORT_FILE_NAME,
  exportFileText,
  passwordChangeErrorField,
} from './account';

describe('the data download', () => {
  it('is saved as oneeta-data.json', () => {
    expect(EXPORT_FILE_NAME).toBe('oneeta-data.json');
  });

  it('keeps the answer as indented JSON that reads back the same', () => {
    const data = { user: { email: 'ada@example.com', name: 'Ada' }, sessions: [{ id: 'abc2345' }] };
    const text = exportFileText(data);
    expect(JSON.parse(text)).toEqual(data);
    expect(text).toContain('\n  "user": {');
    expect(text.endsWith('}\n')).toBe(true);
    expect(exportFileText(undefined)).toBe('null\n');
  });
});

describe('the change-password form', () => {
  it('puts a wrong or missing current password under its field, anything else under the form', () => {
    expect(passwordChangeErrorField(MESSAGES.currentPasswordWrong)).toBe('current');
    expect(passwordChangeErrorField(MESSAGES.currentPasswordMissing)).toBe('current');
    expect(passwordChangeErrorField(MESSAGES.passwordSymbol)).toBe('form');
    expect(passwordChangeErrorField('Could not change your password')).toBe('form');
  });

  it('needs the current password and an acceptable new one', () => {
    expect(canChangePassword('', true)).toBe(false);
    expect(canChangePassword('Old-pass-1', false)).toBe(false);
    expect(canChangePassword('Old-pass-1', true)).toBe(true);
  });
});
