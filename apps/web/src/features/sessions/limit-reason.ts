/**
 * Why the signed-in user cannot create a session now, from GET /api/sessions/limits: the real
 * reason (their own open sessions, or the sessions they joined) instead of one line for all.
 */
import { format, MESSAGES, type SessionLimits } from '@oneeta/contracts';
import { SESSIONS_UI } from './texts';

export type CreateBlock = { kind: 'own' | 'joined' | 'plan'; text: string };

type LimitsLike = Pick<SessionLimits, 'limits' | 'usage'>;

export function createBlockReason(limits: LimitsLike): CreateBlock | null {
  if (limits.limits.canCreateSessions) return null;
  const { maxOwnOpenSessions: maxOwn, maxJoinedOpenSessions: maxJoined } = limits.limits;
  const { ownedOpen, joinedOpen } = limits.usage;
  if (maxOwn !== null && ownedOpen >= maxOwn) {
    const text = ownedOpen === 1 ? SESSIONS_UI.ownLimitReason : SESSIONS_UI.ownLimitReasonMany;
    return { kind: 'own', text: format(text, { n: ownedOpen }) };
  }
  if (maxJoined !== null && joinedOpen >= maxJoined) {
    const text =
      joinedOpen === 1 ? SESSIONS_UI.joinedLimitReason : SESSIONS_UI.joinedLimitReasonMany;
    return { kind: 'joined', text: format(text, { n: joinedOpen }) };
  }
  return { kind: 'plan', text: MESSAGES.freePlanCannotCreate };
}

/** The free plan card's first line: how many open sessions at once, own or joined. */
export function freeSessionsFeature(ownOpen: number | null, joinedOpen: number | null): string {
  if (ownOpen === null) return SESSIONS_UI.unlimitedSessionsFeature;
  return format(
    ownOpen === 1 && joinedOpen === 1 ? SESSIONS_UI.oneSessionFeature : SESSIONS_UI.sessionsFeature,
    {
      own: ownOpen,
      joined: joinedOpen ?? '∞',
    },
  );
}

/**
 * Why accepting an invite would be refused now ('You have reached the number of open sessions you
 * can join on your plan'): the user is in as many open sessions of others as their plan allows.
 * Null while there is room (or the limits are unknown).
 */
export function acceptBlockReason(limits: LimitsLike | null | undefined): string | null {
  const max = limits?.limits.maxJoinedOpenSessions;
  if (!limits || max === null || max === undefined || limits.usage.joinedOpen < max) return null;
  const n = limits.usage.joinedOpen;
  return format(n === 1 ? SESSIONS_UI.acceptBlocked : SESSIONS_UI.acceptBlockedMany, { n });
}
