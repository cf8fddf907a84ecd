import { describe, expect, it } from 'vitest';
import {
  communicationCompleteCallBodySchema,
  communicationResetBodySchema,
  sessionNudgeSchema,
  wsServerMessageSchema,
  type WsChatEvent,
} from '../src/index.js';

const at = '2026-11-25T20:00:00.000Z';
const frame = (event: WsChatEvent['event']): WsChatEvent => ({
  type: 'chat-event',
  sessionId: 'abc2345',
  threadId: 't-1',
  event,
});

describe('chat real-time frames (document 2 §3 real-time events through /ws)', () => {
  const message = {
    id: 'm1',
    sequenceId: '3',
    version: '1',
    messageType: 'text',
    senderId: '8:acs:u',
    senderDisplayName: 'Ann',
    createdOn: at,
  } as const;
  const events: WsChatEvent['event'][] = [
    { type: 'chatMessageReceived', ...message, content: '{"message":"hi"}' },
    { type: 'chatMessageEdited', ...message, content: 'hi!', editedOn: at },
    { type: 'chatMessageDeleted', ...message, deletedOn: at },
    {
      type: 'typingIndicatorReceived',
      senderId: '8:acs:u',
      senderDisplayName: 'Ann',
      receivedOn: at,
    },
    { type: 'readReceiptReceived', senderId: '8:acs:u', chatMessageId: 'm1', readOn: at },
    {
      type: 'participantsAdded',
      participantsAdded: [{ id: '8:acs:v', displayName: 'Bob' }],
      addedOn: at,
    },
    {
      type: 'participantsRemoved',
      participantsRemoved: [{ id: '8:acs:v' }],
      removedBy: { id: '8:acs:u' },
      removedOn: at,
    },
    { type: 'chatThreadDeleted', deletedOn: at, reason: 'deletedByUser' },
    { type: 'chatThreadSwitched', newThreadId: 't-2', switchedOn: at },
  ];

  it('accepts every event as a session nudge and as a hub frame', () => {
    for (const event of events) {
      expect(sessionNudgeSchema.parse(frame(event))).toEqual(frame(event));
      expect(wsServerMessageSchema.parse(frame(event))).toEqual(frame(event));
    }
  });

  it('refuses an unknown event type and a bad deletion reason', () => {
    const bogus = { ...frame(events[0]!), event: { type: 'chatThreadCreated', createdOn: at } };
    expect(sessionNudgeSchema.safeParse(bogus).success).toBe(false);
    const reason = frame({ type: 'chatThreadDeleted', deletedOn: at, reason: 'deletedByUser' });
    expect(
      sessionNudgeSchema.safeParse({ ...reason, event: { ...reason.event, reason: 'x' } }).success,
    ).toBe(false);
  });
});

describe('communication calls of issue 16', () => {
  it('complete-call leaves the missing pieces to the route (its own spec texts)', () => {
    expect(communicationCompleteCallBodySchema.safeParse({}).success).toBe(true);
    expect(
      communicationCompleteCallBodySchema.safeParse({ sessionId: 'abc2345', acsIds: [1] }).success,
    ).toBe(false);
  });
  it('reset needs a session id', () => {
    expect(communicationResetBodySchema.safeParse({}).success).toBe(false);
  });
});
