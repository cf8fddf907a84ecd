import {
  SESSION_FRAME_MAX_PARTICIPANTS,
  SESSION_FRAME_MAX_SUGGESTION_CELLS,
  type SessionChanges,
} from '@oneeta/contracts';
import type { LoadedSession } from '../store/sessions-store.js';
import { sessionView } from './view.js';

/** The reason of a change that only moved someone (no arrival, lateness or sharing change came with it). */
export const MOVE_REASON = 'location';
/** The reason of a change to the "Where should we meet?" suggestion or its votes. */
export const SUGGESTION_REASON = 'suggestion';
/** Changes that nothing `session.changed` or `session.schedule` carry can show: only their frame goes out. */
export const FRAME_ONLY_REASONS: ReadonlySet<string> = new Set([MOVE_REASON, SUGGESTION_REASON]);

/**
 * What a change touched, for the frame that carries it: the participants of these users, or
 * everyone ('all', new travel results), and whether it changed the suggestion. A change that does
 * not say carries nothing: pages refetch.
 */
export interface Touched {
  userIds: string[] | 'all';
  suggestion?: boolean;
}

/** A change to the suggestion or its votes alone. */
export const SUGGESTION_TOUCHED: Touched = { userIds: [], suggestion: true };

/** Two changes of one session in one write: the frame carries both, or neither says. */
export function mergeTouched(a: Touched | undefined, b: Touched | undefined): Touched | undefined {
  if (!a || !b) return undefined;
  const userIds =
    a.userIds === 'all' || b.userIds === 'all' ? 'all' : [...new Set([...a.userIds, ...b.userIds])];
  return { userIds, suggestion: a.suggestion === true || b.suggestion === true };
}

/**
 * The change as every member sees it (SessionChanges), from the session as this transaction left
 * it; undefined when it cannot ride on a frame (a touched participant left, too many of them, or
 * a suggestion with too many travel times). The suggestion rides along, without the viewer's own
 * vote, when the change touched it or while it is pending; null whenever the session shows none.
 */
export function changesOf(
  loaded: LoadedSession,
  touched: Touched,
  now = new Date(),
): SessionChanges | undefined {
  const view = sessionView(loaded, 'participant', null, now);
  const { userIds } = touched;
  const rows =
    userIds === 'all'
      ? loaded.participants
      : loaded.participants.filter((p) => p.userId !== null && userIds.includes(p.userId));
  if (rows.some((p) => p.status === 'left')) return undefined;
  const ids = new Set(rows.map((p) => p.id));
  const participants = view.participants.filter((p) => ids.has(p.id));
  if (participants.length > SESSION_FRAME_MAX_PARTICIPANTS) return undefined;
  const changes: SessionChanges = {
    participants,
    travel: view.travel,
    suggestedArriveAt: view.suggestedArriveAt ?? null,
    sharingEnded: view.sharingEnded ?? false,
    updatedAt: view.updatedAt,
  };
  const suggestion = view.suggestion ?? null;
  if (!suggestion) return { ...changes, suggestion: null };
  if (!touched.suggestion && suggestion.status !== 'pending') return changes;
  const cells = suggestion.ranked.reduce((n, c) => n + c.travel.length, 0);
  if (cells > SESSION_FRAME_MAX_SUGGESTION_CELLS) return undefined;
  const { myVote: _own, ...shared } = suggestion;
  return { ...changes, suggestion: shared };
}

/** Outbox rows of one session are delivered in order, one after another. */
export const sessionAggregate = (sessionId: string) => `session:${sessionId}`;
