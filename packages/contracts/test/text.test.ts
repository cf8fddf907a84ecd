import { describe, expect, it } from 'vitest';
import {
  createInviteBodySchema,
  cursorSchema,
  displayNameSchema,
  enterpriseLeadBodySchema,
  idSchema,
  isRealUtcTimestamp,
  participantIdSchema,
  safeText,
  saveSessionBodySchema,
  searchQuerySchema,
} from '../src/index.js';

const message = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? null : result.error!.issues[0]!.message;

describe('safeText', () => {
  const single = safeText('Name');
  const multi = safeText('Message', { multiline: true });

  it.each(['Ana', 'Zoë 🚗 café', 'tab\there', '', '東京駅'])('accepts ordinary text %j', (text) => {
    expect(single.safeParse(text).success).toBe(true);
  });

  it.each([
    ['NUL', 'a\u0000b', 'Name must not contain control characters'],
    ['escape', '\u001b[31mred', 'Name must not contain control characters'],
    ['DEL', 'a\u007f', 'Name must not contain control characters'],
    ['newline in a single-line field', 'a\nb', 'Name must not contain control characters'],
    ['a lone high surrogate', 'a\ud800b', 'Name contains an invalid character (a lone surrogate)'],
    ['a lone low surrogate', '\udc00', 'Name contains an invalid character (a lone surrogate)'],
    [
      'a high surrogate at the end',
      'ok\ud83d',
      'Name contains an invalid character (a lone surrogate)',
    ],
  ])('refuses %s with a sentence naming the field', (_label, text, expected) => {
    expect(message(single.safeParse(text))).toBe(expected);
  });

  it('lets a multi-line field hold newlines but not NUL', () => {
    expect(multi.safeParse('line 1\r\nline 2\n').success).toBe(true);
    expect(message(multi.safeParse('line\u0000'))).toBe(
      'Message must not contain control characters',
    );
  });

  it('is the schema behind the contract text fields (save, invite, profile, search, leads)', () => {
    expect(
      message(
        saveSessionBodySchema.safeParse({ sessionId: 'abc2345', tzId: 'Europe/\u0000Paris' }),
      ),
    ).toBe('Time zone must not contain control characters');
    expect(message(createInviteBodySchema.safeParse({ name: '\ud800', email: 'a@b.co' }))).toBe(
      'Invite name contains an invalid character (a lone surrogate)',
    );
    expect(message(displayNameSchema.safeParse('Ana\u0000'))).toBe(
      'Name must not contain control characters',
    );
    expect(message(searchQuerySchema.safeParse({ q: 'pike\u0000' }))).toBe(
      'Search query must not contain control characters',
    );
    expect(
      message(
        enterpriseLeadBodySchema.safeParse({
          name: 'A',
          email: 'a@b.co',
          expectedMonthlyRequests: null,
          needs: [],
          message: 'x\u0000',
        }),
      ),
    ).toBe('Message must not contain control characters');
  });
});

describe('ids and cursors', () => {
  const id = idSchema('Session id');

  it.each(['abc2345', '3f2c1e7a-9d0b-4c1e-8f00-1234567890ab', 'A_b-9'])(
    'accepts the id %j',
    (text) => {
      expect(id.safeParse(text).success).toBe(true);
    },
  );

  it.each(['', '\u0000', 'abc\u0000', '../etc', 'a b', 'a%00', 'é', 'x'.repeat(65)])(
    'refuses the id %j',
    (text) => {
      expect(id.safeParse(text).success).toBe(false);
    },
  );

  it('takes scoped participant ids and nothing looser', () => {
    const pid = participantIdSchema();
    for (const ok of ['user:3f2c1e7a-9d0b-4c1e-8f00-1234567890ab', 'invite:abc', 'me'])
      expect(pid.safeParse(ok).success).toBe(true);
    for (const bad of ['user:', ':x', 'a:b:c', 'user:\u0000', 'a/b'])
      expect(pid.safeParse(bad).success).toBe(false);
  });

  it('answers a cursor that is not base64url text with "Invalid cursor"', () => {
    expect(cursorSchema.safeParse('eyJ4IjoxfQ').success).toBe(true);
    expect(message(cursorSchema.safeParse('a\u0000'))).toBe('Invalid cursor');
    expect(message(cursorSchema.safeParse('x'.repeat(201)))).toBe('Invalid cursor');
  });

  it.each([
    ['2025-05-01T10:00:00.123456Z', true],
    ['2024-02-29T23:59:59Z', true],
    ['2025-02-29T10:00:00Z', false],
    ['2025-02-30T10:00:00Z', false],
    ['2025-04-31T10:00:00Z', false],
    ['2025-05-01T24:00:00Z', false],
    ['2025-05-01T10:60:00Z', false],
    ['2025-05-01 10:00:00Z', false],
  ])('isRealUtcTimestamp(%j) is %s', (text, expected) => {
    expect(isRealUtcTimestamp(text)).toBe(expected);
  });
});
