/**
 * ACS chat SDK conformance, messages: the official ChatClient (see chat-sdk.ts) reads the session
 * thread, sends, pages, edits and deletes messages, sends typing notifications and read receipts,
 * and updates the topic against the embedded chat server (api-version 2025-03-15).
 */
import type { ChatMessage, ChatThreadClient } from '@azure/communication-chat';
import { getIdentifierRawId } from '@azure/communication-common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from '@oneeta/session/testing';
import { communicationUserIdOf } from '../src/domain/identity.js';
import { all, refusal, sdkClientFor } from './chat-sdk.js';
import { chatToken, sessionThread, sessionWith } from './factories.js';
import { startStack, type Stack } from './helpers.js';

let h: Stack;
let owner: TestUser;
let member: TestUser;
let sessionId: string;
let threadId: string;

const clientFor = (token: string | (() => Promise<string>)) => sdkClientFor(h, token);
const threadClientOf = async (user: TestUser): Promise<ChatThreadClient> =>
  clientFor((await chatToken(h, user, sessionId)).token).getChatThreadClient(threadId);

beforeAll(async () => {
  h = await startStack();
  owner = await h.user({ name: 'Olivia Owner' });
  member = await h.user({ name: 'Mo Member' });
  sessionId = await sessionWith(h, owner, [member]);
  threadId = (await sessionThread(h, owner, sessionId)).threadId;
});
afterAll(async () => {
  await h?.close();
});

describe('the official ACS ChatClient against the embedded chat server: messages', () => {
  it("reads the session thread's properties (id, topic, createdOn, createdBy)", async () => {
    const thread = await threadClientOf(owner);
    const props = await thread.getProperties();
    expect(props.id).toBe(threadId);
    expect(props.topic).toBe('OneETA session chat');
    expect(props.createdOn).toBeInstanceOf(Date);
    expect(props.createdBy).toEqual({
      kind: 'communicationUser',
      communicationUserId: communicationUserIdOf(owner.id),
    });
  });

  it('sends messages and lists them newest first with id, type, sequenceId, version, sender and metadata', async () => {
    const mine = await threadClientOf(member);
    const sent = await mine.sendMessage(
      { content: 'parking on 3rd' },
      { senderDisplayName: 'Mo', type: 'text', metadata: { clientMessageId: 'c-1' } },
    );
    expect(sent.id).toMatch(/^\d+$/);
    const got = await mine.getMessage(sent.id);
    expect(got).toMatchObject({
      id: sent.id,
      type: 'text',
      version: sent.id,
      content: { message: 'parking on 3rd' },
      senderDisplayName: 'Mo',
      sender: { kind: 'communicationUser', communicationUserId: communicationUserIdOf(member.id) },
      metadata: { clientMessageId: 'c-1' },
    });
    expect(got.createdOn).toBeInstanceOf(Date);
    expect(Number(got.sequenceId)).toBeGreaterThan(0);

    const listed = await all((await threadClientOf(owner)).listMessages());
    expect(listed[0]!.id).toBe(sent.id);
    const sequence = listed.map((m) => Number(m.sequenceId));
    expect(sequence).toEqual([...sequence].sort((a, b) => b - a));
    // The thread's first messages are the system messages of its creation.
    expect(listed.map((m) => m.type)).toEqual(
      expect.arrayContaining(['topicUpdated', 'participantAdded']),
    );
  });

  it('pages through messages by nextLink with maxPageSize, and filters by startTime', async () => {
    const mine = await threadClientOf(owner);
    const before = new Date();
    const ids: string[] = [];
    for (let i = 1; i <= 5; i++) ids.push((await mine.sendMessage({ content: `message ${i}` })).id);
    const pages: ChatMessage[][] = [];
    for await (const page of mine.listMessages({ maxPageSize: 2 }).byPage()) pages.push(page);
    expect(pages.length).toBeGreaterThan(3);
    expect(pages.slice(0, -1).every((p) => p.length === 2)).toBe(true);
    const flat = pages.flat();
    expect(new Set(flat.map((m) => m.id)).size).toBe(flat.length);
    expect(flat.slice(0, 5).map((m) => m.id)).toEqual([...ids].reverse());

    const recent = await all(mine.listMessages({ startTime: before, maxPageSize: 2 }));
    expect(recent.map((m) => m.id)).toEqual([...ids].reverse());
  });

  it("edits and deletes one's own message: version and editedOn move on, deletedOn is set", async () => {
    const mine = await threadClientOf(member);
    const { id } = await mine.sendMessage({ content: '5 more minutes' });
    await mine.updateMessage(id, { content: '10 more minutes', metadata: { edited: 'yes' } });
    const edited = await mine.getMessage(id);
    expect(edited.content?.message).toBe('10 more minutes');
    expect(edited.editedOn).toBeInstanceOf(Date);
    expect(Number(edited.version)).toBeGreaterThan(Number(id));
    expect(edited.metadata).toEqual({ edited: 'yes' });

    // Someone else's message: 403 with the chat error body.
    const theirs = await threadClientOf(owner);
    expect(await refusal(() => theirs.updateMessage(id, { content: 'hijack' }))).toMatchObject({
      statusCode: 403,
      code: 'Forbidden',
    });
    expect(await refusal(() => theirs.deleteMessage(id))).toMatchObject({
      statusCode: 403,
      code: 'Forbidden',
    });

    await mine.deleteMessage(id);
    const deleted = await mine.getMessage(id);
    expect(deleted.deletedOn).toBeInstanceOf(Date);
    expect(deleted.content?.message).toBeUndefined();
  });

  it('sends typing notifications (the SDK itself throttles them to one per 8 s)', async () => {
    const mine = await threadClientOf(member);
    expect(await mine.sendTypingNotification({ senderDisplayName: 'Mo' })).toBe(true);
    expect(await mine.sendTypingNotification()).toBe(false);
  });

  it('sends and lists read receipts', async () => {
    const mine = await threadClientOf(member);
    const { id } = await (await threadClientOf(owner)).sendMessage({ content: 'read me' });
    await mine.sendReadReceipt({ chatMessageId: id });
    const receipts = await all((await threadClientOf(owner)).listReadReceipts());
    const theirs = receipts.find(
      (r) => getIdentifierRawId(r.sender) === communicationUserIdOf(member.id),
    );
    expect(theirs?.chatMessageId).toBe(id);
    expect(theirs?.readOn).toBeInstanceOf(Date);
    expect(await refusal(() => mine.sendReadReceipt({ chatMessageId: '1' }))).toMatchObject({
      statusCode: 404,
    });
  });

  it('updates the topic, which adds a topicUpdated message', async () => {
    const mine = await threadClientOf(owner);
    await mine.updateTopic('Dinner at 8');
    expect((await mine.getProperties()).topic).toBe('Dinner at 8');
    const [latest] = await all(mine.listMessages({ maxPageSize: 1 }));
    expect(latest).toMatchObject({ type: 'topicUpdated', content: { topic: 'Dinner at 8' } });
  });
});
