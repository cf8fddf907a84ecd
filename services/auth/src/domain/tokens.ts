import type { TokenState } from '@oneeta/contracts';
import type { RevokedSession } from '../store/schema.js';

/**
 * Signed-out sign-ins an account keeps before signing out one more ends every sign-in instead (the
 * list travels with each account in every service's view, so it stays small).
 */
export const MAX_REVOKED_SESSIONS = 50;

/** The revoked sign-ins that may still have unexpired tokens at `now`. */
export function liveRevocations(list: readonly RevokedSession[], now: Date): RevokedSession[] {
  return list.filter((entry) => Date.parse(entry.until) > now.getTime());
}

/** Which of an account's tokens still work, as the services' account view holds it. */
export function tokenStateOf(
  row: { tokenVersion: number; revokedSessions: readonly RevokedSession[] },
  now = new Date(),
): TokenState {
  return {
    version: row.tokenVersion,
    revokedSessions: liveRevocations(row.revokedSessions, now).map((entry) => entry.id),
  };
}

export interface TokenPatch {
  tokenVersion: number;
  revokedSessions: RevokedSession[];
}

/** Every token of the account stops working: the version moves on, and the sign-out list is moot. */
export function revokeAll(row: { tokenVersion: number }): TokenPatch {
  return { tokenVersion: row.tokenVersion + 1, revokedSessions: [] };
}

/**
 * Signs out one sign-in: its id is kept until its newest token (at most `ttlSeconds` old) expires.
 * A token without a sign-in id, or a list already full, ends every sign-in instead (never less).
 */
export function revokeSession(
  row: { tokenVersion: number; revokedSessions: readonly RevokedSession[] },
  sessionId: string | undefined,
  ttlSeconds: number,
  now = new Date(),
): TokenPatch {
  const live = liveRevocations(row.revokedSessions, now);
  if (!sessionId || live.length >= MAX_REVOKED_SESSIONS) return revokeAll(row);
  const until = new Date(now.getTime() + ttlSeconds * 1000).toISOString();
  return {
    tokenVersion: row.tokenVersion,
    revokedSessions: [...live.filter((entry) => entry.id !== sessionId), { id: sessionId, until }],
  };
}

/** True when the two states refuse different tokens. */
export function tokensDiffer(a: TokenState, b: TokenState): boolean {
  return a.version !== b.version || a.revokedSessions.join('\n') !== b.revokedSessions.join('\n');
}
