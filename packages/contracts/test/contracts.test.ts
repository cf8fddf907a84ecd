import { describe, expect, it } from 'vitest';
import {
  comparePlans,
  emailSchema,
  format,
  isEmailAddress,
  normalizePhone,
  passwordProblems,
  PLAN_TABLE,
  registerBodySchema,
  sessionIdSchema,
  SESSION_ID_ALPHABET,
  SESSION_ID_PATTERN,
  wsClientMessageSchema,
} from '../src/index.js';

describe('plan table', () => {
  it('holds the limits of issue 2 (null = unlimited)', () => {
    expect(
      Object.entries(PLAN_TABLE).map(([plan, l]) => [
        plan,
        l.priceLabel,
        l.ownOpenSessions,
        l.participants,
        l.invitesPerSession,
        l.joinedOpenSessions,
        l.chatMessagesPerHour,
        l.canEditSavedSession,
      ]),
    ).toEqual([
      ['free', '$0', 1, 3, 3, 1, 10, false],
      ['standard', '$5/month', null, 5, 5, 5, null, true],
      ['premium', '$12/month', null, 12, 12, null, null, true],
      ['enterprise', 'Contact sales', null, 50, 50, null, null, true],
    ]);
    expect(PLAN_TABLE.premium.priorityRouting).toBe(true);
  });

  it('ranks free < standard < premium < enterprise', () => {
    expect(comparePlans('free', 'standard')).toBeLessThan(0);
    expect(comparePlans('enterprise', 'premium')).toBeGreaterThan(0);
    expect(comparePlans('standard', 'standard')).toBe(0);
  });
});

describe('account rules', () => {
  it('normalises 10 digits, or 11 starting with 1, to +1 and 10 digits', () => {
    expect(normalizePhone('(206) 555-0100')).toBe('+12065550100');
    expect(normalizePhone('+1 206 555 0100')).toBe('+12065550100');
    expect(normalizePhone('22065550100')).toBeNull();
    expect(normalizePhone('555-0100')).toBeNull();
  });

  it('lists every password rule a password breaks, each with its own message', () => {
    expect(passwordProblems('abc')).toEqual([
      'Password must be at least 8 characters',
      'Password must contain an uppercase letter',
      'Password must contain a number',
      'Password must contain a symbol',
    ]);
    expect(passwordProblems('Str0ng!pass')).toEqual([]);
  });

  it('isEmailAddress accepts exactly what emailSchema accepts', () => {
    const samples = [
      'a@b.co',
      ' A@B.Co ',
      'first.last+tag@sub.example.org',
      "o'brien@example.ie",
      '',
      '   ',
      'not-an-email',
      'a@b',
      'a@b.c',
      '.a@b.co',
      'a..b@c.co',
      'a@-b.co',
      'a b@c.co',
      `${'x'.repeat(245)}@example.com`,
      `${'x'.repeat(240)}@example.com`,
    ];
    for (const text of samples) {
      expect(isEmailAddress(text), JSON.stringify(text)).toBe(emailSchema.safeParse(text).success);
    }
  });

  it('lower-cases and trims the e-mail of a registration', () => {
    const parsed = registerBodySchema.parse({
      email: ' A@B.Co ',
      password: 'Str0ng!pass',
      name: '',
    });
    expect(parsed).toEqual({ email: 'a@b.co', password: 'Str0ng!pass', name: null });
  });
});

describe('ids, messages and websocket frames', () => {
  it('accepts 7-character session ids from the alphabet without i, l, o, 0, 1', () => {
    expect(SESSION_ID_ALPHABET).toHaveLength(31);
    expect(sessionIdSchema.safeParse('abc2345').success).toBe(true);
    expect(SESSION_ID_PATTERN.test('abc2345')).toBe(true);
    for (const bad of ['abc234', 'abc23456', 'abci234', 'abc0234', 'ABC2345']) {
      expect(sessionIdSchema.safeParse(bad).success).toBe(false);
      expect(SESSION_ID_PATTERN.test(bad)).toBe(false);
    }
  });

  it('fills {n} placeholders', () => {
    expect(format('Too many attempts. Try again in {n}s', { n: 42 })).toBe(
      'Too many attempts. Try again in 42s',
    );
  });

  it('parses subscribe frames and rejects unknown actions', () => {
    expect(
      wsClientMessageSchema.safeParse({
        action: 'subscribe',
        sessionId: 'abc2345',
        token: 'Bearer x',
      }).success,
    ).toBe(true);
    expect(
      wsClientMessageSchema.safeParse({ action: 'publish', sessionId: 'abc2345' }).success,
    ).toBe(false);
  });
});
