import { describe, expect, it } from 'vitest';
import { chatUsageKey, eventIdOf, messageEvent, widgetMessageOf } from './realtime.js';

describe('chat usage keys and event ids', () => {
  it('names a widget message by its clientMessageId, any other by the server message id', () => {
    const base = { sessionId: 's1', senderId: '8:acs:oneeta_u1', threadId: 't1', messageId: '17' };
    expect(chatUsageKey({ ...base, clientMessageId: 'c1' })).toBe('chat:s1:8:acs:oneeta_u1:c:c1');
    expect(chatUsageKey(base)).toBe('chat:s1:8:acs:oneeta_u1:m:t1:17');
  });

  it('derives the same UUID-shaped event id from the same key, and another from another key', () => {
    const id = eventIdOf('chat:s1:u:c:c1');
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-a[0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(eventIdOf('chat:s1:u:c:c1')).toBe(id);
    expect(eventIdOf('chat:s1:u:c:c2')).not.toBe(id);
  });

  it("reads the widget's JSON content (message, clientMessageId) and nothing else", () => {
    expect(
      widgetMessageOf(JSON.stringify({ message: 'hi', clientMessageId: 'c1', senderName: 'A' })),
    ).toEqual({
      message: 'hi',
      clientMessageId: 'c1',
    });
    expect(widgetMessageOf('plain text')).toBeNull();
    expect(widgetMessageOf(JSON.stringify({ message: 'hi' }))).toBeNull();
  });
});

describe('message events', () => {
  const row = {
    threadId: 't1',
    id: '17',
    sequenceId: 3,
    type: 'text' as const,
    version: '17',
    content: { message: 'hi' },
    senderId: '8:acs:oneeta_u1',
    senderDisplayName: 'Ana',
    createdOn: new Date('2026-11-25T20:00:00Z'),
    editedOn: new Date('2026-11-25T20:01:00Z'),
    deletedOn: null,
    metadata: null,
  };
  it('carries id, sequenceId, version, type, content, sender and times', () => {
    expect(messageEvent(row, 'received')).toEqual({
      type: 'chatMessageReceived',
      id: '17',
      sequenceId: '3',
      version: '17',
      messageType: 'text',
      senderId: '8:acs:oneeta_u1',
      senderDisplayName: 'Ana',
      createdOn: '2026-11-25T20:00:00.000Z',
      content: 'hi',
    });
    expect(messageEvent(row, 'edited')).toMatchObject({
      type: 'chatMessageEdited',
      editedOn: '2026-11-25T20:01:00.000Z',
    });
    expect(
      messageEvent(
        { ...row, content: null, deletedOn: new Date('2026-11-25T20:02:00Z') },
        'deleted',
      ),
    ).not.toHaveProperty('content');
  });
});
