import { describe, expect, it } from 'vitest';
import {
  createInviteBodySchema,
  displayNameSchema,
  isPlainName,
  NAME_NO_LINKS_MESSAGE,
  updateMeBodySchema,
} from '../src/index.js';

const LINKS = [
  'Security Team: account locked, reset at https://evil.example/reset',
  'http://x',
  'mailto:someone',
  'www.evil',
  'evil.com',
  'Visit bit.ly/abc',
  'see evil.test/reset',
  '10.0.0.1',
  'support@oneeta.example',
  'a@b',
];
const PLAIN = [
  'Ana',
  "Dr. Jane O'Neil",
  'J.R. Tolkien',
  'St. Louis crew',
  'Anna & Bob @ home',
  'Zoë',
  '李雷',
];

describe('names refuse web and e-mail addresses', () => {
  it.each(LINKS)('refuses %j', (name) => {
    expect(isPlainName(name)).toBe(false);
    for (const schema of [displayNameSchema, createInviteBodySchema.shape.name]) {
      const result = schema.safeParse(name);
      expect(result.success).toBe(false);
      expect(result.error!.issues.map((i) => i.message)).toContain(NAME_NO_LINKS_MESSAGE);
    }
  });

  it.each(PLAIN)('accepts %j', (name) => {
    expect(isPlainName(name)).toBe(true);
    expect(displayNameSchema.safeParse(name).success).toBe(true);
    expect(createInviteBodySchema.safeParse({ name, email: 'a@example.test' }).success).toBe(true);
  });

  it('holds for a profile update', () => {
    expect(updateMeBodySchema.safeParse({ name: 'reset at evil.com' }).success).toBe(false);
  });
});
