import { describe, expect, it } from 'vitest';
import type { ChatItem } from './chat-logic';
import {
  readersOfMyLast,
  receiptToSend,
  seenText,
  TYPING_SHOWN_MS,
  typingDue,
  typingText,
  withoutTypist,
  withReceipts,
  withTypist,
} from './presence';

const T0 = Date.parse('2026-11-25T10:00:00.000Z');
const item = (id: string, senderId: string, at: number, pending = false): ChatItem => ({
  id,
  clientMessageId: null,
  text: id,
  senderId,
  senderName: senderId,
  createdOn: at,
  pending,
});

describe('typing indicators (document 2 §5, §9: one per 8 s)', () => {
  it('sends at most one typing notification every 8000 ms', () => {
    expect(typingDue(null, T0)).toBe(true);
    expect(typingDue(T0, T0 + 7999)).toBe(false);
    expect(typingDue(T0, T0 + 8000)).toBe(true);
  });

  it("keeps others' typing for a while, never one's own, and drops them on their message or silence", () => {
    let typists = withTypist(new Map(), { senderId: 'me', senderDisplayName: 'Me' }, 'me', T0);
    expect(typists.size).toBe(0);
    typists = withTypist(typists, { senderId: 'a', senderDisplayName: 'Ada' }, 'me', T0);
    typists = withTypist(typists, { senderId: 'b' }, 'me', T0 + 1000);
    expect([...typists.keys()]).toEqual(['a', 'b']);
    expect(withoutTypist(typists, null, T0 + 100)).toBe(typists);
    expect([...withoutTypist(typists, 'a', T0 + 100).keys()]).toEqual(['b']);
    expect([...withoutTypist(typists, null, T0 + TYPING_SHOWN_MS).keys()]).toEqual(['b']);
  });

  it('says who is typing', () => {
    expect(typingText([], 'Participant')).toBe('');
    expect(typingText(['Ada'], 'Participant')).toBe('Ada is typing…');
    expect(typingText(['Ada', ' '], 'Participant')).toBe('Ada and Participant are typing…');
    expect(typingText(['Ada', 'Max', 'Olivia'], 'P')).toBe('Ada, Max and 1 other are typing…');
    expect(typingText(['A', 'B', 'C', 'D'], 'P')).toBe('A, B and 2 others are typing…');
  });
});

describe('read receipts', () => {
  const items = [item('1', 'me', T0), item('2', 'ada', T0 + 1000), item('3', 'me', T0 + 2000)];

  it('acknowledges the newest message of someone else, once', () => {
    expect(receiptToSend(items, 'me', null)).toBe('2');
    expect(receiptToSend(items, 'me', '2')).toBeNull();
    expect(receiptToSend([item('1', 'me', T0)], 'me', null)).toBeNull();
    expect(receiptToSend([item('p', 'ada', T0, true)], 'me', null)).toBeNull();
  });

  it('keeps the newest receipt of each reader', () => {
    let receipts = withReceipts(new Map(), [
      { senderId: 'ada', chatMessageId: '2', readOn: T0 + 5 },
      { senderId: 'ada', chatMessageId: '1', readOn: T0 + 1 },
    ]);
    expect(receipts.get('ada')?.chatMessageId).toBe('2');
    const same = withReceipts(receipts, [{ senderId: 'ada', chatMessageId: '1', readOn: T0 }]);
    expect(same).toBe(receipts);
    receipts = withReceipts(receipts, [{ senderId: 'ada', chatMessageId: '3', readOn: T0 + 9 }]);
    expect(receipts.get('ada')?.chatMessageId).toBe('3');
  });

  it('shows who has read my newest message: at it or after it', () => {
    const readTwo = withReceipts(new Map(), [
      { senderId: 'ada', chatMessageId: '2', readOn: T0 + 3000 },
    ]);
    expect(readersOfMyLast(items, 'me', readTwo)).toBeNull();
    const readThree = withReceipts(readTwo, [
      { senderId: 'ada', chatMessageId: '3', readOn: T0 + 4000 },
      { senderId: 'me', chatMessageId: '3', readOn: T0 + 4000 },
    ]);
    expect(readersOfMyLast(items, 'me', readThree)).toEqual({ messageId: '3', readers: ['ada'] });
    expect(readersOfMyLast([...items, item('p', 'me', T0 + 5000, true)], 'me', readThree)).toEqual({
      messageId: '3',
      readers: ['ada'],
    });
    expect(readersOfMyLast(items, null, readThree)).toBeNull();
  });

  it('says who saw it', () => {
    expect(seenText(['Ada'])).toBe('Seen by Ada');
    expect(seenText(['Ada', 'Max'])).toBe('Seen by Ada and Max');
    expect(seenText(['Ada', 'Max', 'Olivia'])).toBe('Seen by Ada, Max and Olivia');
  });
});
