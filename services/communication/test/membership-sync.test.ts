/**
 * A session's thread follows the session, through the real session service's session.changed
 * events (its outbox relay publishes them on the bus this service consumes): who joins is added,
 * who leaves or is removed is taken out, the owner's ensure-chat-members repairs it, and a closed
 * session's thread is read-only until it reopens.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_API_VERSION, COMMUNICATION_MESSAGES } from '@oneeta/contracts';
import { join } from '@oneeta/session/testing';
import { communicationUserIdOf } from '../src/domain/identity.js';
import { chatToken, sessionThread, sessionWith } from './factories.js';
import { bearer, startStack, type Stack } from './helpers.js';

let h: Stack;
beforeAll(async () => {
  h = await startStack();
});
afterAll(async () => {
  await h?.close();
});

const inThread = async (threadId: string, userId: string) =>
  (await h.store.participant(threadId, communicationUserIdOf(userId))) !== null;
const sessionCall = (method: 'POST' | 'DELETE', url: string, token: string, payload?: object) =>
  h.session.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
const send = async (threadId: string, token: string, content: string) =>
  h.app.inject({
    method: 'POST',
    url: `/chat/threads/${encodeURIComponent(threadId)}/messages?api-version=${CHAT_API_VERSION}`,
    headers: bearer(token),
    payload: { content },
  });

describe('session thread membership', () => {
  it("puts everyone already in the session into the author's new thread", async () => {
    const [owner, ana] = [await h.user(), await h.user({ name: 'Ana' })];
    const sessionId = await sessionWith(h, owner, [ana]);
    const { threadId } = await sessionThread(h, owner, sessionId);
    expect(await inThread(threadId, ana.id)).toBe(true);
    expect((await h.store.participant(threadId, communicationUserIdOf(ana.id)))?.displayName).toBe(
      'Ana',
    );
  });

  it('adds a participant who joins later, and takes out one who leaves and one the owner removes', async () => {
    const [owner, ana, bo] = [await h.user(), await h.user(), await h.user()];
    const sessionId = await sessionWith(h, owner);
    const { threadId } = await sessionThread(h, owner, sessionId);
    const anaPid = await join(h.session, owner, sessionId, ana);
    const boPid = await join(h.session, owner, sessionId, bo);
    await expect.poll(() => inThread(threadId, ana.id), { timeout: 10_000 }).toBe(true);
    await expect.poll(() => inThread(threadId, bo.id), { timeout: 10_000 }).toBe(true);

    const left = await sessionCall(
      'POST',
      `/api/sessions/${sessionId}/participants/${encodeURIComponent(anaPid)}/leave`,
      ana.token,
    );
    expect(left.statusCode, left.body).toBe(200);
    await expect.poll(() => inThread(threadId, ana.id), { timeout: 10_000 }).toBe(false);

    const removed = await sessionCall(
      'DELETE',
      `/api/sessions/${sessionId}/participants/${encodeURIComponent(boPid)}`,
      owner.token,
    );
    expect(removed.statusCode, removed.body).toBe(200);
    await expect.poll(() => inThread(threadId, bo.id), { timeout: 10_000 }).toBe(false);
    expect(await inThread(threadId, owner.id)).toBe(true);

    // Out of the thread is out of the chat: the old chat token reads nothing any more.
    const { token } = await chatToken(h, bo);
    const res = await h.app.inject({
      method: 'GET',
      url: `/chat/threads/${encodeURIComponent(threadId)}/messages?api-version=${CHAT_API_VERSION}`,
      headers: bearer(token),
    });
    expect(res.statusCode).toBe(403);
  });

  it('repairs the thread when the owner asks (ensure-chat-members)', async () => {
    const [owner, ana] = [await h.user(), await h.user()];
    const sessionId = await sessionWith(h, owner, [ana]);
    const { threadId } = await sessionThread(h, owner, sessionId);
    await h.store.removeParticipant(
      threadId,
      communicationUserIdOf(ana.id),
      communicationUserIdOf(owner.id),
    );
    expect(await inThread(threadId, ana.id)).toBe(false);
    const asked = await sessionCall(
      'POST',
      `/api/sessions/${sessionId}/ensure-chat-members`,
      owner.token,
    );
    expect(asked.statusCode, asked.body).toBe(200);
    await expect.poll(() => inThread(threadId, ana.id), { timeout: 10_000 }).toBe(true);
  });

  it("makes a closed session's thread read-only ('Session closed') and writable again when it reopens", async () => {
    const [owner, ana, admin] = [await h.user(), await h.user(), await h.user({ isAdmin: true })];
    const sessionId = await sessionWith(h, owner, [ana]);
    const { threadId } = await sessionThread(h, owner, sessionId);
    const { token } = await chatToken(h, ana, sessionId);
    expect((await send(threadId, token, 'on my way')).statusCode).toBe(201);

    const closed = await sessionCall('POST', `/api/sessions/${sessionId}/close`, owner.token, {
      confirm: true,
    });
    expect(closed.statusCode, closed.body).toBe(200);
    await expect
      .poll(async () => (await h.store.thread(threadId))?.closedOn ?? null, { timeout: 10_000 })
      .not.toBeNull();
    const refused = await send(threadId, token, 'anyone?');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      error: { code: 'Forbidden', message: COMMUNICATION_MESSAGES.sessionClosed },
    });
    const read = await h.app.inject({
      method: 'GET',
      url: `/chat/threads/${encodeURIComponent(threadId)}/messages?api-version=${CHAT_API_VERSION}`,
      headers: bearer(token),
    });
    expect(read.statusCode).toBe(200);

    const reopened = await sessionCall(
      'POST',
      `/api/admin/sessions/${sessionId}/reopen`,
      admin.token,
    );
    expect(reopened.statusCode, reopened.body).toBe(200);
    await expect
      .poll(async () => (await h.store.thread(threadId))?.closedOn ?? null, { timeout: 10_000 })
      .toBeNull();
    expect((await send(threadId, token, 'back again')).statusCode).toBe(201);
  });
});
