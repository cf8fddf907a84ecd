import { COMMUNICATION, type ChatMessage, type ChatRealtimeEvent } from '@oneeta/contracts';

/** One line of the chat as the widget shows it. */
export interface ChatItem {
  /** The server's id, or `pending-…` for an outgoing message not yet confirmed. */
  id: string;
  clientMessageId: string | null;
  text: string;
  senderId: string;
  senderName: string;
  /** Epoch ms. */
  createdOn: number;
  pending: boolean;
}

/**
 * The text, client id and sender name of a message's content: our messages carry a JSON string of
 * the contracts' chatContentSchema in `content.message`; anything else is shown as plain text.
 */
export function parseContent(raw: string | undefined): {
  message: string;
  clientMessageId: string | null;
  senderName: string | null;
} {
  const text = raw ?? '';
  if (text.startsWith('{')) {
    try {
      const json = JSON.parse(text) as unknown;
      if (json && typeof json === 'object') {
        const { message, clientMessageId, senderName } = json as Record<string, unknown>;
        if (typeof message === 'string')
          return {
            message,
            clientMessageId: typeof clientMessageId === 'string' ? clientMessageId : null,
            senderName: typeof senderName === 'string' ? senderName : null,
          };
      }
    } catch {
      // plain text that starts with a brace
    }
  }
  return { message: text, clientMessageId: null, senderName: null };
}

/** The JSON content of an outgoing message (chatContentSchema). */
export function contentOf(message: string, clientMessageId: string, senderName: string): string {
  return JSON.stringify({ message, clientMessageId, senderName });
}

const SYSTEM_TYPE = /system|participant|notification|topicupdated/i;
const SYSTEM_TEXT = /\b(joined|left|added|removed)\b/i;

/**
 * Hidden (document 2 §4): types containing system, participant, notification or topicupdated, and
 * system texts such as joined, left, added or removed (only for messages that are not a person's
 * own words: those carry our JSON content with a clientMessageId).
 */
export function isSystemMessage(type: string, text: string, ours: boolean): boolean {
  if (SYSTEM_TYPE.test(type)) return true;
  return !ours && SYSTEM_TEXT.test(text);
}

/** A server message as a chat item, or null when it is hidden (system, deleted, empty). */
export function itemOf(message: ChatMessage): ChatItem | null {
  if (message.deletedOn) return null;
  const parsed = parseContent(message.content?.message);
  if (isSystemMessage(message.type, parsed.message, parsed.clientMessageId !== null)) return null;
  if (!parsed.message.trim()) return null;
  const senderId =
    message.senderCommunicationIdentifier?.communicationUser?.id ??
    message.senderCommunicationIdentifier?.rawId ??
    '';
  return {
    id: message.id,
    clientMessageId: parsed.clientMessageId,
    text: parsed.message,
    senderId,
    senderName: message.senderDisplayName || parsed.senderName || '',
    createdOn: Date.parse(message.createdOn),
    pending: false,
  };
}

/** The server's messages (any order, maybe repeated) as items, oldest first, deduplicated by id. */
export function serverItems(messages: readonly ChatMessage[]): ChatItem[] {
  const byId = new Map<string, ChatItem>();
  for (const message of messages) {
    const item = itemOf(message);
    if (item) byId.set(item.id, item);
  }
  return [...byId.values()].sort(
    (a, b) => a.createdOn - b.createdOn || Number(a.id) - Number(b.id),
  );
}

let counter = 0;
/** A new outgoing message, shown at once as `pending-…`. */
export function pendingItem(
  text: string,
  sender: { id: string; name: string },
  now: number,
  random: () => string = () => Math.random().toString(36).slice(2, 10),
): ChatItem {
  counter += 1;
  const clientMessageId = `${now.toString(36)}-${counter}-${random()}`;
  return {
    id: `${COMMUNICATION.pendingIdPrefix}${clientMessageId}`,
    clientMessageId,
    text,
    senderId: sender.id,
    senderName: sender.name,
    createdOn: now,
    pending: true,
  };
}

/**
 * Whether `server` is the server's copy of the pending `mine`: the same clientMessageId, or (a
 * server copy without one) the same sender and identical text within the duplicate window.
 */
export function isServerCopy(mine: ChatItem, server: ChatItem): boolean {
  if (server.clientMessageId !== null && mine.clientMessageId !== null)
    return server.clientMessageId === mine.clientMessageId;
  return (
    server.text === mine.text &&
    (server.senderId === '' || mine.senderId === '' || server.senderId === mine.senderId) &&
    Math.abs(server.createdOn - mine.createdOn) <= COMMUNICATION.duplicateWindowMs
  );
}

/**
 * The pending messages the server has not confirmed yet: each is matched against the last
 * COMMUNICATION.duplicateLastMessages server items, and one server copy confirms one pending item.
 */
export function unconfirmed(pending: readonly ChatItem[], server: readonly ChatItem[]): ChatItem[] {
  const recent = server.slice(-COMMUNICATION.duplicateLastMessages);
  const used = new Set<string>();
  const left: ChatItem[] = [];
  for (const mine of pending) {
    const copy = recent.find((s) => !used.has(s.id) && isServerCopy(mine, s));
    if (copy) used.add(copy.id);
    else left.push(mine);
  }
  return left;
}

/** What the list shows: the server's items, then the still-pending ones; never one message twice. */
export function mergeView(server: readonly ChatItem[], pending: readonly ChatItem[]): ChatItem[] {
  const seen = new Set<string>();
  const out: ChatItem[] = [];
  for (const item of [...server, ...unconfirmed(pending, server)]) {
    if (seen.has(item.id)) continue;
    seen.add(item.id);
    out.push(item);
  }
  return out;
}

/** Up to two initials of a name ('Ada Lovelace' → 'AL', 'ada@x.org' → 'A'), '?' for none. */
export function initialsOf(name: string): string {
  const words = name
    .replace(/@.*$/, '')
    .split(/[\s._-]+/)
    .filter((w) => w.length > 0);
  const letters = words.length > 1 ? [words[0]!, words[words.length - 1]!] : words;
  const text = letters.map((w) => [...w][0]!.toUpperCase()).join('');
  return text || '?';
}

/** Avatar backgrounds: each dark enough for white initials at WCAG AA (≥ 4.5:1). */
export const AVATAR_COLOURS = [
  '#1d4ed8',
  '#047857',
  '#b91c1c',
  '#7e22ce',
  '#a21caf',
  '#0f766e',
  '#c2410c',
  '#4338ca',
  '#be185d',
  '#374151',
] as const;

/** The sender's colour: a stable hash of their id (or name) into AVATAR_COLOURS. */
export function avatarColourOf(key: string): string {
  let hash = 0;
  for (const ch of key) hash = (Math.imul(hash, 31) + ch.codePointAt(0)!) | 0;
  return AVATAR_COLOURS[Math.abs(hash) % AVATAR_COLOURS.length]!;
}

/** Auto-scroll only when the reader is within the threshold of the bottom (document 2 §9). */
export function nearBottom(el: {
  scrollHeight: number;
  scrollTop: number;
  clientHeight: number;
}): boolean {
  return el.scrollHeight - el.scrollTop - el.clientHeight <= COMMUNICATION.autoScrollThresholdPx;
}

/** A message event of the /ws chat frames (issue 16) applied to the cached list of server messages. */
export function applyMessageEvent(
  list: readonly ChatMessage[],
  event: ChatRealtimeEvent,
): ChatMessage[] | null {
  if (
    event.type !== 'chatMessageReceived' &&
    event.type !== 'chatMessageEdited' &&
    event.type !== 'chatMessageDeleted'
  )
    return null;
  const base: ChatMessage = {
    id: event.id,
    type: event.messageType,
    sequenceId: event.sequenceId,
    version: event.version,
    createdOn: event.createdOn,
    ...(event.senderDisplayName ? { senderDisplayName: event.senderDisplayName } : {}),
    ...(event.senderId
      ? {
          senderCommunicationIdentifier: {
            rawId: event.senderId,
            communicationUser: { id: event.senderId },
          },
        }
      : {}),
  };
  const existing = list.find((m) => m.id === event.id);
  let next: ChatMessage;
  if (event.type === 'chatMessageReceived') {
    if (existing) return null;
    next = { ...base, content: { message: event.content } };
  } else if (event.type === 'chatMessageEdited') {
    next = {
      ...(existing ?? base),
      ...base,
      content: { message: event.content },
      editedOn: event.editedOn,
    };
  } else {
    next = { ...(existing ?? base), deletedOn: event.deletedOn };
  }
  return existing ? list.map((m) => (m.id === event.id ? next : m)) : [...list, next];
}
