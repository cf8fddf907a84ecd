import { describe, expect, it } from 'vitest';
import {
  assertContent,
  assertCreator,
  assertMayRemove,
  assertSender,
  assertWritable,
  beforeHistory,
  historyStart,
  repeatabilityIdOf,
  senderAccount,
  toNewParticipants,
} from './chat-rules.js';

const thread = { createdBy: 'author', closedOn: null };
const codeOf = (fn: () => unknown) => {
  try {
    fn();
  } catch (err) {
    const e = err as { statusCode: number; message: string };
    return `${e.statusCode} ${e.message}`;
  }
  return 'allowed';
};

describe('the chat server rules', () => {
  it('lets only the creator delete or add, anyone leave, and nobody write a closed thread', () => {
    expect(codeOf(() => assertCreator(thread, 'author', 'delete'))).toBe('allowed');
    expect(codeOf(() => assertCreator(thread, 'member', 'add'))).toBe(
      '403 Only the creator of the thread can add participants.',
    );
    expect(codeOf(() => assertMayRemove(thread, 'member', 'member'))).toBe('allowed');
    expect(codeOf(() => assertMayRemove(thread, 'member', 'other'))).toMatch(/^403 /);
    expect(codeOf(() => assertWritable({ ...thread, closedOn: new Date() }))).toBe(
      '403 Session closed',
    );
  });

  it('refuses empty text, edits by others and edits of a deleted message', () => {
    expect(codeOf(() => assertContent('  '))).toMatch(/^400 /);
    expect(codeOf(() => assertContent(undefined))).toBe('allowed');
    const message = { id: '1', senderId: 'me', deletedOn: null };
    expect(codeOf(() => assertSender(message, 'you', 'delete'))).toBe(
      '403 Only the sender can delete a message.',
    );
    expect(codeOf(() => assertSender({ ...message, deletedOn: new Date() }, 'me', 'edit'))).toBe(
      "404 Message '1' was deleted.",
    );
  });

  it('lets an account with a name or an e-mail send, and no other', () => {
    expect(codeOf(() => senderAccount(null))).toMatch(/^401 /);
    expect(codeOf(() => senderAccount({ name: ' ', email: '' }))).toMatch(/^403 /);
    expect(senderAccount({ name: null, email: 'a@b.c' })).toEqual({ name: null, email: 'a@b.c' });
  });

  it('shows a participant the history from their shareHistoryTime on', () => {
    const from = new Date('2025-01-02T00:00:00Z');
    expect(historyStart({ shareHistoryTime: from }, undefined)).toBe(from);
    expect(historyStart({ shareHistoryTime: from }, new Date('2025-01-01T00:00:00Z'))).toBe(from);
    expect(historyStart({ shareHistoryTime: null }, undefined)).toBeUndefined();
    expect(beforeHistory({ shareHistoryTime: from }, { createdOn: new Date(0) })).toBe(true);
    expect(beforeHistory({ shareHistoryTime: null }, { createdOn: new Date(0) })).toBe(false);
  });

  it('keeps communication users as participants and answers others as invalid', () => {
    const { valid, invalid } = toNewParticipants([
      { communicationIdentifier: { rawId: '8:acs:x_1', communicationUser: { id: '8:acs:x_1' } } },
      { communicationIdentifier: { rawId: '4:+15550100', phoneNumber: { value: '+15550100' } } },
    ]);
    expect(valid.map((p) => p.userId)).toEqual(['8:acs:x_1']);
    expect(invalid).toEqual([
      {
        code: 'BadRequest',
        message: 'Only communication users can be chat participants.',
        target: '4:+15550100',
      },
    ]);
    expect(repeatabilityIdOf('x'.repeat(300))).toHaveLength(200);
    expect(repeatabilityIdOf(['a'])).toBeUndefined();
  });
});
