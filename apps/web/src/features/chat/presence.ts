// Typing indicators and read receipts of the widget (issue 16): pure rules, tested in presence.test.ts.
import { COMMUNICATION } from '@oneeta/contracts';
import type { ChatItem } from './chat-logic';
import type { ChatReadReceipt } from './transport';

/** A typing indicator is shown this long after the last one from that person (they come every 8 s while typing). */
export const TYPING_SHOWN_MS = COMMUNICATION.typingMinIntervalMs + 2000;

/**
 * Whether a typing notification may go out now: at most one every 8 s (document 2 §5, §9). The
 * caller records `now` as the last send when this says yes.
 */
export function typingDue(lastSentAt: number | null, now: number): boolean {
  return lastSentAt === null || now - lastSentAt >= COMMUNICATION.typingMinIntervalMs;
}

/** Who is typing: sender id → name and when it was last heard. */
export type Typists = ReadonlyMap<string, { name: string; at: number }>;

/** The typists after a typing notification (one's own is ignored). */
export function withTypist(
  typists: Typists,
  event: { senderId: string; senderDisplayName?: string | undefined },
  me: string | null,
  now: number,
): Typists {
  if (!event.senderId || event.senderId === me) return typists;
  const next = new Map(typists);
  next.set(event.senderId, { name: event.senderDisplayName ?? '', at: now });
  return next;
}

/** Without `senderId` (their message arrived: they stopped typing) or those not heard for TYPING_SHOWN_MS. */
export function withoutTypist(typists: Typists, senderId: string | null, now: number): Typists {
  const next = new Map(
    [...typists].filter(([id, t]) => id !== senderId && now - t.at < TYPING_SHOWN_MS),
  );
  return next.size === typists.size ? typists : next;
}

/** 'Ada is typing…', 'Ada and Max are typing…', 'Ada, Max and 2 others are typing…'; '' for nobody. */
export function typingText(names: readonly string[], fallback: string): string {
  const shown = names.map((n) => n.trim() || fallback);
  if (shown.length === 0) return '';
  if (shown.length === 1) return `${shown[0]} is typing…`;
  if (shown.length === 2) return `${shown[0]} and ${shown[1]} are typing…`;
  const others = shown.length - 2;
  return `${shown[0]}, ${shown[1]} and ${others} ${others === 1 ? 'other' : 'others'} are typing…`;
}

/** Each reader's newest receipt (by read time): reader id → receipt. */
export type Receipts = ReadonlyMap<string, ChatReadReceipt>;

export function withReceipts(receipts: Receipts, more: readonly ChatReadReceipt[]): Receipts {
  let next: Map<string, ChatReadReceipt> | null = null;
  for (const r of more) {
    const current = (next ?? receipts).get(r.senderId);
    if (current && current.readOn >= r.readOn) continue;
    next ??= new Map(receipts);
    next.set(r.senderId, r);
  }
  return next ?? receipts;
}

/**
 * The newest message of someone else this reader has not acknowledged yet: the one to send a read
 * receipt for (null when there is none, or it was already sent).
 */
export function receiptToSend(
  items: readonly ChatItem[],
  me: string | null,
  lastSentFor: string | null,
): string | null {
  for (let i = items.length - 1; i >= 0; i -= 1) {
    const item = items[i]!;
    if (item.pending || item.senderId === me || item.senderId === '') continue;
    return item.id === lastSentFor ? null : item.id;
  }
  return null;
}

/**
 * Who has read my newest confirmed message: the readers (not me) whose receipt names that message
 * or a later one in the list. Answers the message's id and the readers' ids.
 */
export function readersOfMyLast(
  items: readonly ChatItem[],
  me: string | null,
  receipts: Receipts,
): { messageId: string; readers: string[] } | null {
  if (!me) return null;
  const position = new Map(items.map((item, index) => [item.id, index]));
  let mine = -1;
  for (let i = items.length - 1; i >= 0; i -= 1)
    if (!items[i]!.pending && items[i]!.senderId === me) {
      mine = i;
      break;
    }
  if (mine < 0) return null;
  const messageAt = items[mine]!.createdOn;
  const readers = [...receipts.values()]
    .filter((r) => {
      if (r.senderId === me) return false;
      const at = position.get(r.chatMessageId);
      // A receipt for a message the list no longer holds counts by its read time.
      return at !== undefined ? at >= mine : r.readOn >= messageAt;
    })
    .map((r) => r.senderId);
  return readers.length > 0 ? { messageId: items[mine]!.id, readers } : null;
}

/** 'Seen by Ada', 'Seen by Ada and Max', 'Seen by Ada, Max and Olivia'. */
export function seenText(names: readonly string[]): string {
  if (names.length <= 1) return `Seen by ${names[0] ?? ''}`;
  return `Seen by ${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}
