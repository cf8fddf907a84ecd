import { SESSION_FRAME_MAX_PARTICIPANTS, type SessionChanges } from '@oneeta/contracts';
import type { LoadedSession } from '../store/sessions-store.js';
import { sessionView } from './view.js';

/** The reason of a change that only moved someone (no arrival, lateness or sharing change came with it). */
export const MOVE_REASON = 'location';
/** The reason of a change to the "Where should we meet?" suggestion or its votes. */
export const SUGGESTION_REASON = 'suggestion';
/** Changes that nothing `session.changed` or `session.schedule` carry can show: only their frame goes out. */
export const FRAME_ONLY_REASONS: ReadonlySet<string> = new Set([MOVE_REASON, SUGGESTION_REASON]);

/**
 * Which participants a change touched, for the frame that carries it: those of these users, or
 * everyone ('all', new travel results). A change that does not say carries nothing: pages refetch.
 */
export type Touched = { userIds: string[] } | 'all';

/** Two changes of one session in one write: the frame carries both, or neither says. */
export function mergeTouched(a: Touched | undefined, b: Touched | undefined): Touched | undefined {
  if (!a || !b) return undefined;
  if (a === 'all' || b === 'all') return 'all';
  return { userIds: [...new Set([...a.userIds, ...b.userIds])] };
}

/**
 * The change as every member sees it (SessionChanges), from the session as this transaction left
 * it; undefined when it cannot ride on a frame (a touched participant left, or too many).
 */
export function changesOf(
  loaded: LoadedSession,
  touched: Touched,
  now = new Date(),
): SessionChanges | undefined {
  const view = sessionView(loaded, 'participant', null, now);
  const rows =
    touched === 'all'
      ? loaded.participants
      : loaded.participants.filter((p) => p.userId !== null && touched.userIds.includes(p.userId));
  if (rows.some((p) => p.status === 'left')) return undefined;
  const ids = new Set(rows.map((p) => p.id));
  const participants = view.participants.filter((p) => ids.has(p.id));
  if (participants.length > SESSION_FRAME_MAX_PARTICIPANTS) return undefined;
  return {
    participants,
    travel: view.travel,
    suggestedArriveAt: view.suggestedArriveAt ?? null,
    sharingEnded: view.sharingEnded ?? false,
    updatedAt: view.updatedAt,
  };
}

/** Outbox rows of one session are delivered in order, one after another. */
export const sessionAggregate = (sessionId: string) => `session:${sessionId}`;
