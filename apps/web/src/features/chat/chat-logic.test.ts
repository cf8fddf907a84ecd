import type { ChatMessage } from '@oneeta/contracts';
import { describe, expect, it } from 'vitest';
import {
  applyMessageEvent,
  AVATAR_COLOURS,
  avatarColourOf,
  contentOf,
  initialsOf,
  isSystemMessage,
  mergeView,
  nearBottom,
  parseContent,
  pendingItem,
  serverItems,
  type ChatItem,
} from './chat-logic';

const ME = { id: '8:acs:oneeta_me', name: 'Ada Lovelace' };
const T0 = Date.parse('2026-11-25T10:00:00.000Z');

function wire(
  id: string,
  message: string,
  at: number,
  extra: Partial<ChatMessage> = {},
  sender = ME.id,
): ChatMessage {
  return {
    id,
    type: 'text',
    sequenceId: id,
    version: id,
    content: { message },
    senderDisplayName: 'Ada Lovelace',
    createdOn: new Date(at).toISOString(),
    senderCommunicationIdentifier: { rawId: sender, communicationUser: { id: sender } },
    ...extra,
  };
}

describe('parseContent', () => {
  it('reads the JSON content of our messages', () => {
    expect(parseContent(contentOf('hi', 'c1', 'Ada'))).toEqual({
      message: 'hi',
      clientMessageId: 'c1',
      senderName: 'Ada',
    });
  });
  it('shows anything else as plain text', () => {
    expect(parseContent('{not json')).toEqual({
      message: '{not json',
      clientMessageId: null,
      senderName: null,
    });
    expect(parseContent('hello')).toMatchObject({ message: 'hello', clientMessageId: null });
  });
});

describe('system messages are hidden (document 2 §4)', () => {
  it.each(['participantAdded', 'participantRemoved', 'topicUpdated', 'system', 'notification'])(
    'hides type %s',
    (type) => expect(isSystemMessage(type, 'x', false)).toBe(true),
  );
  it('hides plain texts such as joined, left, added or removed', () => {
    expect(isSystemMessage('text', 'Bob joined the chat', false)).toBe(true);
    expect(isSystemMessage('text', 'Ann left', false)).toBe(true);
  });
  it("keeps a person's own words, even with those verbs", () => {
    expect(isSystemMessage('text', 'I left home', true)).toBe(false);
    expect(isSystemMessage('text', 'parking on 3rd', false)).toBe(false);
  });
  it('drops system and deleted messages from the list', () => {
    const items = serverItems([
      wire('1', 'x', T0, { type: 'participantAdded' }),
      wire('2', contentOf('hello', 'c2', 'Ada'), T0 + 1),
      wire('3', contentOf('gone', 'c3', 'Ada'), T0 + 2, { deletedOn: new Date(T0).toISOString() }),
    ]);
    expect(items.map((i) => i.text)).toEqual(['hello']);
  });
});

describe('serverItems', () => {
  it('sorts oldest first and deduplicates by id', () => {
    const a = wire('10', contentOf('a', 'ca', 'Ada'), T0);
    const b = wire('11', contentOf('b', 'cb', 'Ada'), T0 + 1000);
    const items = serverItems([b, a, b]);
    expect(items.map((i) => i.id)).toEqual(['10', '11']);
    expect(items[0]).toMatchObject({
      senderId: ME.id,
      senderName: 'Ada Lovelace',
      clientMessageId: 'ca',
    });
  });
});

describe('pending messages and the server copy', () => {
  const pending = (text: string, at = T0) => pendingItem(text, ME, at, () => 'r');

  it('shows an outgoing message at once as pending-…', () => {
    const mine = pending('on my way');
    expect(mine.id.startsWith('pending-')).toBe(true);
    expect(mergeView([], [mine])).toEqual([mine]);
  });

  it('replaces the pending copy by the server copy with its clientMessageId, never both', () => {
    const mine = pending('on my way');
    const server = serverItems([
      wire('20', contentOf('on my way', mine.clientMessageId!, 'Ada'), T0 + 60_000),
    ]);
    const view = mergeView(server, [mine]);
    expect(view.map((i) => i.id)).toEqual(['20']);
  });

  it('does not take another message with the same text but another clientMessageId', () => {
    const mine = pending('ok');
    const server = serverItems([wire('21', contentOf('ok', 'someone-else', 'Ada'), T0)]);
    expect(mergeView(server, [mine]).map((i) => i.id)).toEqual(['21', mine.id]);
  });

  it('matches a server copy without clientMessageId by identical text within 10 s', () => {
    const mine = pending('5 more minutes');
    const close = serverItems([wire('22', '5 more minutes', T0 + 9_000)]);
    expect(mergeView(close, [mine]).map((i) => i.id)).toEqual(['22']);
    const late = serverItems([wire('23', '5 more minutes', T0 + 11_000)]);
    expect(mergeView(late, [mine]).map((i) => i.id)).toEqual(['23', mine.id]);
  });

  it('only looks among the last 12 server messages', () => {
    const mine = pending('same');
    const old = wire('100', 'same', T0);
    const newer = Array.from({ length: 12 }, (_, i) =>
      wire(String(200 + i), contentOf(`m${i}`, `c${i}`, 'Ada'), T0 + 1 + i),
    );
    expect(mergeView(serverItems([old, ...newer]), [mine]).some((i) => i.id === mine.id)).toBe(
      true,
    );
    expect(
      mergeView(serverItems([old, ...newer.slice(1)]), [mine]).some((i) => i.id === mine.id),
    ).toBe(false);
  });

  it('one server copy confirms one of two identical pending messages', () => {
    const one = pending('yes');
    const two = pending('yes');
    const server = serverItems([wire('30', 'yes', T0 + 100)]);
    expect(mergeView(server, [one, two]).map((i) => i.id)).toEqual(['30', two.id]);
  });

  it('never shows one id twice', () => {
    const item: ChatItem = { ...pending('x'), id: '40', pending: false, clientMessageId: 'zz' };
    expect(mergeView([item], [{ ...item, clientMessageId: 'other' }]).length).toBe(1);
  });
});

describe('avatar', () => {
  it('has up to two initials', () => {
    expect(initialsOf('Ada Lovelace')).toBe('AL');
    expect(initialsOf('ada')).toBe('A');
    expect(initialsOf('grace.hopper@example.com')).toBe('GH');
    expect(initialsOf('  ')).toBe('?');
    expect(initialsOf('Jean Claude Van Damme')).toBe('JD');
  });
  it('derives a stable colour from the sender', () => {
    expect(avatarColourOf(ME.id)).toBe(avatarColourOf(ME.id));
    expect(AVATAR_COLOURS).toContain(avatarColourOf('anyone'));
    const colours = new Set(['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'].map(avatarColourOf));
    expect(colours.size).toBeGreaterThan(2);
  });
});

describe('auto-scroll', () => {
  it('scrolls only within 80 px of the bottom', () => {
    expect(nearBottom({ scrollHeight: 1000, clientHeight: 300, scrollTop: 620 })).toBe(true);
    expect(nearBottom({ scrollHeight: 1000, clientHeight: 300, scrollTop: 619 })).toBe(false);
    expect(nearBottom({ scrollHeight: 200, clientHeight: 300, scrollTop: 0 })).toBe(true);
  });
});

describe('real-time message events (/ws chat-event)', () => {
  const received = {
    type: 'chatMessageReceived' as const,
    id: '50',
    sequenceId: '5',
    version: '50',
    messageType: 'text' as const,
    senderId: 'u2',
    senderDisplayName: 'Bob',
    createdOn: new Date(T0).toISOString(),
    content: contentOf('parking on 3rd', 'cb', 'Bob'),
  };
  it('adds a received message once', () => {
    const once = applyMessageEvent([], received)!;
    expect(serverItems(once).map((i) => [i.text, i.senderId, i.senderName])).toEqual([
      ['parking on 3rd', 'u2', 'Bob'],
    ]);
    expect(applyMessageEvent(once, received)).toBeNull();
  });
  it('edits and deletes in place', () => {
    const list = applyMessageEvent([], received)!;
    const edited = applyMessageEvent(list, {
      ...received,
      type: 'chatMessageEdited',
      content: contentOf('parking on 4th', 'cb', 'Bob'),
      editedOn: new Date(T0 + 1).toISOString(),
    })!;
    expect(serverItems(edited).map((i) => i.text)).toEqual(['parking on 4th']);
    const { content: _content, ...rest } = received;
    const deleted = applyMessageEvent(edited, {
      ...rest,
      type: 'chatMessageDeleted',
      deletedOn: new Date(T0 + 2).toISOString(),
    })!;
    expect(serverItems(deleted)).toEqual([]);
  });
  it('ignores events that are not about messages', () => {
    expect(
      applyMessageEvent([], { type: 'typingIndicatorReceived', senderId: 'u', receivedOn: 'x' }),
    ).toBeNull();
  });
});
