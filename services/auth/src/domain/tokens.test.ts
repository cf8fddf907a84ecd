import { describe, expect, it } from 'vitest';
import { MAX_REVOKED_SESSIONS, revokeAll, revokeSession, tokenStateOf } from './tokens.js';

const now = new Date('2026-01-01T00:00:00Z');

describe('token state', () => {
  it('keeps a signed-out sign-in until its last token expires, then forgets it', () => {
    const patch = revokeSession({ tokenVersion: 2, revokedSessions: [] }, 'sid-1', 3600, now);
    expect(patch.tokenVersion).toBe(2);
    expect(tokenStateOf({ ...patch }, now)).toEqual({ version: 2, revokedSessions: ['sid-1'] });
    expect(tokenStateOf({ ...patch }, new Date(now.getTime() + 3601_000))).toEqual({
      version: 2,
      revokedSessions: [],
    });
  });

  it('ends every sign-in when the token names none or the sign-out list is full', () => {
    expect(revokeSession({ tokenVersion: 1, revokedSessions: [] }, undefined, 3600, now)).toEqual({
      tokenVersion: 2,
      revokedSessions: [],
    });
    const full = Array.from({ length: MAX_REVOKED_SESSIONS }, (_, i) => ({
      id: `s${i}`,
      until: '2026-01-01T01:00:00Z',
    }));
    expect(
      revokeSession({ tokenVersion: 1, revokedSessions: full }, 'another', 3600, now).tokenVersion,
    ).toBe(2);
    expect(revokeAll({ tokenVersion: 4 })).toEqual({ tokenVersion: 5, revokedSessions: [] });
  });
});
