/**
 * What a participant sees of a thread's history, through the official ChatClient: shareHistoryTime
 * limits it, nextLink pages through more than 100 messages; and the real-time notification config
 * the SDK asks for gets a clear answer in the chat API's error shape.
 */
import { ChatClient, type ChatMessage } from '@azure/communication-chat';
import { AzureCommunicationTokenCredential } from '@azure/communication-common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from '@oneeta/session/testing';
import { communicationUserIdOf } from '../src/domain/identity.js';
import { REALTIME_CONFIG_API_VERSION, REALTIME_CONFIG_PATH } from '../src/routes/chat.js';
import { chatToken } from './factories.js';
import { bearer, startStack, type Stack } from './helpers.js';

let h: Stack;
let owner: TestUser;
beforeAll(async () => {
  h = await startStack();
  owner = await h.user({ name: 'Olivia Owner', plan: 'premium' });
});
afterAll(async () => {
  await h?.close();
});

const clientOf = async (user: TestUser) =>
  new ChatClient(
    h.endpoint,
    new AzureCommunicationTokenCredential((await chatToken(h, user)).token),
    {
      tlsOptions: { ca: h.ca },
      retryOptions: { maxRetries: 0 },
    },
  );

async function pagesOf(iterable: AsyncIterable<ChatMessage[]>): Promise<ChatMessage[][]> {
  const pages: ChatMessage[][] = [];
  for await (const page of iterable) pages.push(page);
  return pages;
}

describe('history', () => {
  it('shows a participant added with a shareHistoryTime only the messages from then on; one added without sees all', async () => {
    const [late, full] = [await h.user({ name: 'Lee Late' }), await h.user({ name: 'Fay Full' })];
    const client = await clientOf(owner);
    const { chatThread } = await client.createChatThread({ topic: 'history' });
    const thread = client.getChatThreadClient(chatThread!.id);
    const before = [];
    for (const text of ['one', 'two', 'three'])
      before.push((await thread.sendMessage({ content: text })).id);
    const { id: fourth } = await thread.sendMessage({ content: 'four' });
    const shareFrom = (await thread.getMessage(fourth)).createdOn;
    const { id: fifth } = await thread.sendMessage({ content: 'five' });
    await thread.addParticipants({
      participants: [
        {
          id: { communicationUserId: communicationUserIdOf(late.id) },
          displayName: 'Lee Late',
          shareHistoryTime: shareFrom,
        },
        { id: { communicationUserId: communicationUserIdOf(full.id) }, displayName: 'Fay Full' },
      ],
    });

    const lateThread = (await clientOf(late)).getChatThreadClient(chatThread!.id);
    const seen = (await pagesOf(lateThread.listMessages({ maxPageSize: 2 }).byPage())).flat();
    const texts = seen.filter((m) => m.type === 'text').map((m) => m.content?.message);
    expect(texts).toEqual(['five', 'four']);
    expect(seen.every((m) => m.createdOn >= shareFrom)).toBe(true);
    expect(seen.map((m) => m.id)).toEqual(expect.arrayContaining([fourth, fifth]));
    await expect(lateThread.getMessage(before[0]!)).rejects.toMatchObject({ statusCode: 404 });
    expect((await lateThread.getMessage(fourth)).content?.message).toBe('four');

    const fullThread = (await clientOf(full)).getChatThreadClient(chatThread!.id);
    const all = (await pagesOf(fullThread.listMessages().byPage())).flat();
    expect(all.filter((m) => m.type === 'text').map((m) => m.content?.message)).toEqual([
      'five',
      'four',
      'three',
      'two',
      'one',
    ]);
  });

  it('pages through more than 100 messages by nextLink, newest first, each once', async () => {
    const client = await clientOf(owner);
    const { chatThread } = await client.createChatThread({ topic: 'long history' });
    const threadId = chatThread!.id;
    const sender = communicationUserIdOf(owner.id);
    for (let i = 1; i <= 130; i++)
      await h.store.sendMessage(threadId, {
        type: 'text',
        content: { message: `message ${i}` },
        senderId: sender,
        senderDisplayName: 'Olivia Owner',
      });
    const pages = await pagesOf(
      client.getChatThreadClient(threadId).listMessages({ maxPageSize: 100 }).byPage(),
    );
    // 130 messages and the thread's two first system messages (topicUpdated, participantAdded).
    expect(pages.map((p) => p.length)).toEqual([100, 32]);
    const flat = pages.flat();
    expect(new Set(flat.map((m) => m.id)).size).toBe(132);
    const sequence = flat.map((m) => Number(m.sequenceId));
    expect(sequence).toEqual([...sequence].sort((a, b) => b - a));
    expect(flat[0]!.content?.message).toBe('message 130');
    expect(flat[129]!.content?.message).toBe('message 1');
  });
});

const openApiDocument = async () => {
  const res = await h.app.inject({
    method: 'GET',
    url: '/internal/openapi.json',
    headers: { 'x-internal-token': h.config.INTERNAL_TOKEN ?? '' },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ paths: Record<string, unknown> }>();
};

describe('real-time notification config', () => {
  const url = `${REALTIME_CONFIG_PATH}?api-version=${REALTIME_CONFIG_API_VERSION}`;

  it("answers the SDK's request with 501 NotImplemented in the chat error shape, naming the /ws hub", async () => {
    const { token } = await chatToken(h, owner);
    const res = await h.app.inject({ method: 'GET', url, headers: bearer(token) });
    expect(res.statusCode).toBe(501);
    const body = res.json<{ error: { code: string; message: string } }>();
    expect(body.error.code).toBe('NotImplemented');
    expect(body.error.message).toContain('/ws');
  });

  it('is left out of the OpenAPI document (the SDK wire endpoint, not a product call)', async () => {
    const doc = await openApiDocument();
    expect(Object.keys(doc.paths)).toContain('/chat/threads');
    expect(Object.keys(doc.paths)).not.toContain(REALTIME_CONFIG_PATH);
  });

  it('needs a chat token and its own api-version like every chat call', async () => {
    expect((await h.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    const { token } = await chatToken(h, owner);
    const wrong = await h.app.inject({
      method: 'GET',
      url: `${REALTIME_CONFIG_PATH}?api-version=2025-03-15`,
      headers: bearer(token),
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ error: { code: 'BadRequest', target: 'api-version' } });
  });
});
