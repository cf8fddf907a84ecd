import type {
  Session,
  SharedSuggestion,
  Suggestion,
  WsServerMessage,
  wsSubscribeSchema,
} from '@oneeta/contracts';
import type { z } from 'zod';
import { checkAnswer } from '../../../api/contract-checks';

/** What a frame from /ws means for the page watching `sessionId`. */
export type LiveEvent =
  | 'subscribed'
  | 'subscribed-current'
  | 'refresh'
  | 'inbox'
  | 'chat'
  | 'chat-event'
  | 'refused'
  | 'ignore';

/**
 * 'subscribed' → live, and catch up on what may have been missed; 'subscribed-current' → live, and
 * the page's copy (revision `held`) is already as new as the session was once the subscription was
 * live, so there is nothing to catch up on; 'refresh-session' for this session → refetch; 'inbox' for this session (a
 * member has a new in-app notification, issue 15) → refetch the inbox; an error frame for this
 * session (not a member, subscribe failed) → not live; 'chat-message' (a bare nudge: refetch) or
 * 'chat-event' (a real-time event) for this session → the chat (issue 16); anything else is ignored.
 */
export function liveEventOf(data: unknown, sessionId: string, held?: number): LiveEvent {
  const message = frameOf(data);
  return message ? eventOf(message, sessionId, held) : 'ignore';
}

/** A frame from /ws as the contract has it, or null for anything else. */
export function frameOf(data: unknown): WsServerMessage | null {
  let json: unknown;
  try {
    json = typeof data === 'string' ? JSON.parse(data) : data;
  } catch {
    return null;
  }
  const parsed = checkAnswer('wsServerMessageSchema', json);
  return parsed.ok ? parsed.value : null;
}

/** What `message` means for the page watching `sessionId` (see liveEventOf). */
export function eventOf(message: WsServerMessage, sessionId: string, held?: number): LiveEvent {
  switch (message.type) {
    case 'subscribed':
      if (message.sessionId !== sessionId) return 'ignore';
      return message.revision !== undefined && held !== undefined && held >= message.revision
        ? 'subscribed-current'
        : 'subscribed';
    case 'refresh-session':
      return message.sessionId === sessionId ? 'refresh' : 'ignore';
    case 'inbox':
      return message.sessionId === sessionId ? 'inbox' : 'ignore';
    case 'chat-message':
      return message.sessionId === sessionId ? 'chat' : 'ignore';
    case 'chat-event':
      return message.sessionId === sessionId ? 'chat-event' : 'ignore';
    case 'error':
      return message.sessionId === undefined || message.sessionId === sessionId
        ? 'refused'
        : 'ignore';
    default:
      return 'ignore';
  }
}

/**
 * What a 'refresh-session' frame does to the copy of the session a page holds: 'current' when the
 * copy already has its revision; the session with the frame's changes applied when it is the next
 * revision and carries them (every participant it names is on the page); else 'refetch' (a gap in
 * revisions, a change too big to carry, no copy yet). A suggestion on the frame replaces the one
 * held, with the viewer's own vote kept from the copy (a new suggestion has none yet).
 */
export function applySessionFrame(
  held: Session | undefined,
  frame: Extract<WsServerMessage, { type: 'refresh-session' }>,
): Session | 'current' | 'refetch' {
  if (held && frame.revision !== undefined && frame.revision <= held.revision) return 'current';
  const { changes } = frame;
  if (!held || !changes || frame.revision !== held.revision + 1) return 'refetch';
  const byId = new Map(changes.participants.map((p) => [p.id, p]));
  if ([...byId.keys()].some((id) => !held.participants.some((p) => p.id === id))) return 'refetch';
  return {
    ...held,
    participants: held.participants.map((p) => byId.get(p.id) ?? p),
    travel: changes.travel,
    suggestedArriveAt: changes.suggestedArriveAt,
    sharingEnded: changes.sharingEnded,
    updatedAt: changes.updatedAt,
    revision: frame.revision,
    ...(changes.suggestion === undefined
      ? {}
      : { suggestion: withOwnVote(changes.suggestion, held.suggestion) }),
  };
}

/** The suggestion every member sees, with this viewer's vote when it is the suggestion they had. */
function withOwnVote(
  shared: SharedSuggestion | null,
  held: Suggestion | null | undefined,
): Suggestion | null {
  if (!shared) return null;
  return { ...shared, myVote: held?.id === shared.id ? held.myVote : null };
}

/** The subscribe frame: the token as 'Bearer …' (doc 1 §7 "Live updates"). */
export function subscribeFrame(
  sessionId: string,
  token: string,
): z.infer<typeof wsSubscribeSchema> {
  return {
    action: 'subscribe',
    sessionId,
    token: token.startsWith('Bearer ') ? token : `Bearer ${token}`,
  };
}

/** ws:// or wss:// for the page's own host. */
export function wsUrl(location: Pick<Location, 'protocol' | 'host'>): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws`;
}

const RECONNECT_BASE_MS = 1_000;
const RECONNECT_MAX_MS = 30_000;

/** Reconnect backoff: 1 s, 2 s, 4 s … at most 30 s (polling covers the gap meanwhile). */
export function reconnectDelay(attempt: number): number {
  return Math.min(RECONNECT_MAX_MS, RECONNECT_BASE_MS * 2 ** Math.max(0, attempt));
}
