import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_API_VERSION, communicationUserExportSchema } from '@oneeta/contracts';
import { TEST_INTERNAL_TOKEN } from '@oneeta/service-kit/testing';
import type { TestUser } from '@oneeta/session/testing';
import { chatToken, sessionThread, sessionWith } from './factories.js';
import { bearer, startStack, type Stack } from './helpers.js';

let h: Stack;
beforeAll(async () => {
  h = await startStack();
});
afterAll(async () => {
  await h?.close();
});

const exportOf = (userId: string, token: string | null = TEST_INTERNAL_TOKEN) =>
  h.app.inject({
    method: 'GET',
    url: `/internal/users/${userId}/export`,
    headers: token ? { 'x-internal-token': token } : {},
  });

async function send(u: TestUser, sessionId: string, threadId: string, text: string) {
  const { token } = await chatToken(h, u, sessionId);
  const res = await h.app.inject({
    method: 'POST',
    url: `/chat/threads/${encodeURIComponent(threadId)}/messages?api-version=${CHAT_API_VERSION}`,
    headers: bearer(token),
    payload: {
      content: JSON.stringify({ message: text, clientMessageId: randomUUID(), senderName: u.name }),
      senderDisplayName: u.name,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: string }>().id;
}

describe('GET /internal/users/:id/export', () => {
  it('needs the internal token', async () => {
    for (const token of [null, 'wrong-token-wrong-token-wrong']) {
      const res = await exportOf('someone', token);
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('internal_only');
    }
  });

  it('answers the messages the account wrote and the threads it is in, not the others', async () => {
    const [owner, me, other] = [
      await h.user({ name: 'Olga Owner' }),
      await h.user({ name: 'Mia Mine' }),
      await h.user({ name: 'Otto Other' }),
    ];
    const sessionId = await sessionWith(h, owner, [me, other]);
    const { threadId } = await sessionThread(h, owner, sessionId);
    const mine = await send(me, sessionId, threadId, 'I am at the north entrance');
    await send(other, sessionId, threadId, 'see you there');

    const res = await exportOf(me.id);
    expect(res.statusCode).toBe(200);
    const body = communicationUserExportSchema.parse(res.json());
    expect(body.messages).toEqual([
      expect.objectContaining({ id: mine, threadId, sessionId, type: 'text', deletedOn: null }),
    ]);
    expect(JSON.stringify(body.messages[0]!.content)).toContain('north entrance');
    expect(res.body).not.toContain('see you there');
    expect(body.threads).toEqual([expect.objectContaining({ threadId, sessionId })]);

    expect(communicationUserExportSchema.parse((await exportOf('never-seen')).json())).toEqual({
      messages: [],
      threads: [],
    });
  });
});
