/**
 * The proof that the embedded chat server speaks Azure Communication Services' chat wire format
 * (api-version 2025-03-15): the OFFICIAL @azure/communication-chat ChatClient, with the official
 * AzureCommunicationTokenCredential, run against our service over HTTPS (its bearer policy refuses
 * plain http) with a certificate made for this test.
 */
import { ChatClient, type ChatMessage, type ChatThreadClient } from '@azure/communication-chat';
import {
  AzureCommunicationTokenCredential,
  getIdentifierRawId,
  type CommunicationUserIdentifier,
} from '@azure/communication-common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_API_VERSION } from '@oneeta/contracts';
import type { TestUser } from '@oneeta/session/testing';
import { communicationUserIdOf } from '../src/domain/identity.js';
import { chatToken, sessionThread, sessionWith } from './factories.js';
import { startStack, type Stack } from './helpers.js';

let h: Stack;
let owner: TestUser;
let member: TestUser;
let third: TestUser;
let sessionId: string;
let threadId: string;

const clientFor = (token: string | (() => Promise<string>)) =>
  new ChatClient(
    h.endpoint,
    typeof token === 'string'
      ? new AzureCommunicationTokenCredential(token)
      : new AzureCommunicationTokenCredential({ tokenRefresher: token, refreshProactively: true }),
    { tlsOptions: { ca: h.ca }, retryOptions: { maxRetries: 0 } },
  );

const threadClientOf = async (user: TestUser): Promise<ChatThreadClient> =>
  clientFor((await chatToken(h, user, sessionId)).token).getChatThreadClient(threadId);

async function all<T>(iterable: AsyncIterable<T>): Promise<T[]> {
  const items: T[] = [];
  for await (const item of iterable) items.push(item);
  return items;
}

/** What a refused SDK call threw: the RestError's status and the chat error code from our body. */
async function refusal(
  call: () => Promise<unknown>,
): Promise<{ statusCode: number | undefined; code: string | undefined; message: string }> {
  try {
    await call();
  } catch (err) {
    const e = err as { statusCode?: number; code?: string; message: string };
    return { statusCode: e.statusCode, code: e.code, message: e.message };
  }
  throw new Error('the call was not refused');
}

const userOf = (id: string): CommunicationUserIdentifier => ({ communicationUserId: id });

beforeAll(async () => {
  h = await startStack();
  owner = await h.user({ name: 'Olivia Owner' });
  member = await h.user({ name: 'Mo Member' });
  third = await h.user({ name: 'Theo Third' });
  sessionId = await sessionWith(h, owner, [member]);
  threadId = (await sessionThread(h, owner, sessionId)).threadId;
});
afterAll(async () => {
  await h?.close();
});

describe('the official ACS ChatClient against the embedded chat server', () => {
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

  it('lists, adds (:add) and removes (:remove) participants, with participantAdded/participantRemoved messages', async () => {
    const mine = await threadClientOf(owner);
    const before = await all(mine.listParticipants());
    expect(before.map((p) => getIdentifierRawId(p.id)).sort()).toEqual(
      [communicationUserIdOf(owner.id), communicationUserIdOf(member.id)].sort(),
    );
    expect(
      before.find((p) => getIdentifierRawId(p.id) === communicationUserIdOf(owner.id))?.displayName,
    ).toBe('Olivia Owner');

    const thirdId = communicationUserIdOf(third.id);
    const added = await mine.addParticipants({
      participants: [{ id: userOf(thirdId), displayName: 'Theo' }],
    });
    expect(added.invalidParticipants ?? []).toEqual([]);
    const paged: number[] = [];
    for await (const page of mine.listParticipants({ maxPageSize: 1 }).byPage())
      paged.push(page.length);
    expect(paged).toEqual([1, 1, 1]);
    const addedMessage = (await all(mine.listMessages({ maxPageSize: 5 }))).find(
      (m) => m.type === 'participantAdded',
    );
    expect(addedMessage?.content?.participants?.map((p) => getIdentifierRawId(p.id))).toEqual([
      thirdId,
    ]);
    expect(addedMessage?.content?.initiator).toEqual({
      kind: 'communicationUser',
      communicationUserId: communicationUserIdOf(owner.id),
    });

    await mine.removeParticipant(userOf(thirdId));
    expect((await all(mine.listParticipants())).map((p) => getIdentifierRawId(p.id))).not.toContain(
      thirdId,
    );
    const [latest] = await all(mine.listMessages({ maxPageSize: 1 }));
    expect(latest?.type).toBe('participantRemoved');
    expect(latest?.content?.participants?.map((p) => getIdentifierRawId(p.id))).toEqual([thirdId]);
  });

  it('only the thread creator adds participants: a member gets 403', async () => {
    const theirs = await threadClientOf(member);
    expect(
      await refusal(() =>
        theirs.addParticipants({ participants: [{ id: userOf(communicationUserIdOf(third.id)) }] }),
      ),
    ).toMatchObject({ statusCode: 403, code: 'Forbidden' });
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

  it('creates, lists and deletes threads with ChatClient', async () => {
    const client = clientFor(async () => (await chatToken(h, member)).token);
    const created = await client.createChatThread(
      { topic: 'side chat' },
      { participants: [{ id: userOf(communicationUserIdOf(third.id)), displayName: 'Theo' }] },
    );
    const id = created.chatThread!.id;
    expect(created.chatThread).toMatchObject({
      topic: 'side chat',
      createdBy: { communicationUserId: communicationUserIdOf(member.id) },
    });
    expect(created.invalidParticipants ?? []).toEqual([]);
    const people = await all(client.getChatThreadClient(id).listParticipants());
    expect(people.map((p) => [getIdentifierRawId(p.id), p.displayName]).sort()).toEqual(
      [
        [communicationUserIdOf(member.id), 'Mo Member'],
        [communicationUserIdOf(third.id), 'Theo'],
      ].sort(),
    );
    const listed = await all(client.listChatThreads({ maxPageSize: 1 }));
    expect(listed.map((t) => t.id)).toEqual(expect.arrayContaining([id, threadId]));
    expect(listed.find((t) => t.id === id)?.topic).toBe('side chat');

    // Only communication users can be participants: others come back as invalidParticipants.
    const mixed = await client.createChatThread(
      { topic: 'mixed' },
      { participants: [{ id: { phoneNumber: '+15550100' } }] },
    );
    expect(mixed.invalidParticipants?.[0]).toMatchObject({
      code: 'BadRequest',
      target: '4:+15550100',
    });

    await client.deleteChatThread(id);
    expect(await refusal(() => client.getChatThreadClient(id).getProperties())).toMatchObject({
      statusCode: 404,
    });
  });

  it("refuses a free-plan sender's 11th message within an hour with 429 TooManyRequests saying when the next is allowed; paid plans are not limited", async () => {
    const [free, premium] = [await h.user({ plan: 'free' }), await h.user({ plan: 'premium' })];
    const freeSession = await sessionWith(h, free, [premium]);
    const freeThread = (await sessionThread(h, free, freeSession)).threadId;
    const freeClient = clientFor((await chatToken(h, free, freeSession)).token).getChatThreadClient(
      freeThread,
    );
    const premiumClient = clientFor(
      (await chatToken(h, premium, freeSession)).token,
    ).getChatThreadClient(freeThread);
    for (let i = 1; i <= 10; i++) await freeClient.sendMessage({ content: `free ${i}` });
    const refused = await refusal(() => freeClient.sendMessage({ content: 'free 11' }));
    expect(refused).toMatchObject({
      statusCode: 429,
      code: 'TooManyRequests',
      message:
        'The free plan sends at most 10 chat messages per hour. You can send your next message in 60 min.',
    });
    for (let i = 1; i <= 11; i++) await premiumClient.sendMessage({ content: `premium ${i}` });
    const texts = (await all(premiumClient.listMessages())).filter((m) => m.type === 'text');
    expect(texts.filter((m) => m.content?.message?.startsWith('free'))).toHaveLength(10);
    expect(texts.filter((m) => m.content?.message?.startsWith('premium'))).toHaveLength(11);
  });

  it("refuses a sender with neither name nor e-mail on the profile: 403 'Please set your name or email in your profile before sending messages.'", async () => {
    const nameless = await h.user({ name: null });
    await h.session.issuer.register({
      id: nameless.id,
      email: '',
      emailVerified: false,
      name: null,
      plan: 'free',
      isAdmin: false,
    });
    const { token } = await chatToken(h, owner, sessionId);
    await clientFor(token)
      .getChatThreadClient(threadId)
      .addParticipants({ participants: [{ id: userOf(communicationUserIdOf(nameless.id)) }] });
    const theirs = clientFor((await chatToken(h, nameless)).token).getChatThreadClient(threadId);
    expect(await refusal(() => theirs.sendMessage({ content: 'hello?' }))).toMatchObject({
      statusCode: 403,
      code: 'Forbidden',
      message: 'Please set your name or email in your profile before sending messages.',
    });
    await clientFor(token)
      .getChatThreadClient(threadId)
      .removeParticipant(userOf(communicationUserIdOf(nameless.id)));
  });

  it('answers with the error codes of the spec: 401 for a bad or missing token, 403 for a non-participant, 404 for an unknown thread', async () => {
    const good = await chatToken(h, member, sessionId);
    const [header, payload] = good.token.split('.');
    const forged = `${header}.${payload}.${Buffer.from('not the signature').toString('base64url')}`;
    expect(
      await refusal(() => clientFor(forged).getChatThreadClient(threadId).getProperties()),
    ).toMatchObject({ statusCode: 401, code: 'Unauthorized' });

    const stranger = await h.user();
    const strangers = clientFor((await chatToken(h, stranger)).token);
    expect(
      await refusal(() => strangers.getChatThreadClient(threadId).getProperties()),
    ).toMatchObject({ statusCode: 403, code: 'Forbidden' });
    expect(
      await refusal(() =>
        strangers.getChatThreadClient(threadId).sendMessage({ content: 'let me in' }),
      ),
    ).toMatchObject({ statusCode: 403, code: 'Forbidden' });
    expect(
      await refusal(() =>
        strangers
          .getChatThreadClient('19:ffffffffffffffffffffffffffffffff@thread.v2')
          .getProperties(),
      ),
    ).toMatchObject({ statusCode: 404 });
  });
});

describe('the chat wire format over plain HTTP', () => {
  it('answers every refusal as { error: { code, message, target? } } and insists on api-version', async () => {
    const { token } = await chatToken(h, member, sessionId);
    const path = `/chat/threads/${encodeURIComponent(threadId)}`;
    const noVersion = await h.app.inject({
      method: 'GET',
      url: path,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(noVersion.statusCode).toBe(400);
    expect(noVersion.json()).toMatchObject({
      error: { code: 'BadRequest', target: 'api-version' },
    });

    const noToken = await h.app.inject({
      method: 'GET',
      url: `${path}?api-version=${CHAT_API_VERSION}`,
    });
    expect(noToken.statusCode).toBe(401);
    expect(noToken.json()).toEqual({
      error: { code: 'Unauthorized', message: expect.any(String) },
    });

    const empty = await h.app.inject({
      method: 'POST',
      url: `${path}/messages?api-version=${CHAT_API_VERSION}`,
      headers: { authorization: `Bearer ${token}` },
      payload: { content: '   ' },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ error: { code: 'BadRequest', target: 'content' } });

    const bad = await h.app.inject({
      method: 'POST',
      url: `${path}/messages?api-version=${CHAT_API_VERSION}`,
      headers: { authorization: `Bearer ${token}` },
      payload: { content: 42 },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('BadRequest');

    const unknown = await h.app.inject({
      method: 'GET',
      url: `/chat/nothing-here?api-version=${CHAT_API_VERSION}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('NotFound');
  });

  it('accepts a typing notification with no body (200, nothing in it)', async () => {
    const { token } = await chatToken(h, member, sessionId);
    const res = await h.app.inject({
      method: 'POST',
      url: `/chat/threads/${encodeURIComponent(threadId)}/typing?api-version=${CHAT_API_VERSION}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('');
  });

  it('creates a thread once per repeatability-request-id (201 both times, the same thread)', async () => {
    const { token } = await chatToken(h, member);
    const create = () =>
      h.app.inject({
        method: 'POST',
        url: `/chat/threads?api-version=${CHAT_API_VERSION}`,
        headers: {
          authorization: `Bearer ${token}`,
          'repeatability-request-id': 'f1d2c3b4-0000-4000-8000-000000000001',
        },
        payload: { topic: 'once' },
      });
    const [first, second] = [await create(), await create()];
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.json().chatThread.id).toBe(first.json().chatThread.id);
  });

  it('refuses an expired token with 401 (the credential refreshes before that)', async () => {
    const expired = await h.tokens.issue(
      communicationUserIdOf(member.id),
      Date.now() - 2 * 3600_000,
    );
    const res = await h.app.inject({
      method: 'GET',
      url: `/chat/threads?api-version=${CHAT_API_VERSION}`,
      headers: { authorization: `Bearer ${expired.token}` },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({
      error: { code: 'Unauthorized', message: 'The access token has expired.' },
    });
  });
});
