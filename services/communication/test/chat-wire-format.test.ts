/**
 * The chat wire format over plain HTTP (no SDK): the error body of every refusal, the required
 * api-version, an empty typing notification, repeatable thread creation and expired tokens.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_API_VERSION } from '@oneeta/contracts';
import type { TestUser } from '@oneeta/session/testing';
import { communicationUserIdOf } from '../src/domain/identity.js';
import { chatToken, sessionThread, sessionWith } from './factories.js';
import { startStack, type Stack } from './helpers.js';

let h: Stack;
let owner: TestUser;
let member: TestUser;
let sessionId: string;
let threadId: string;

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
