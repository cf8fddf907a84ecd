/**
 * The chat API refuses text Postgres cannot store (NUL, a lone UTF-16 surrogate) in bodies, paths
 * and queries with 400 in its own error shape, stores nothing, and counts nothing against the free
 * plan's hourly quota.
 */
import { CHAT_API_VERSION } from '@oneeta/contracts';
import type { TestUser } from '@oneeta/session/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { communicationUserIdOf } from '../src/domain/identity.js';
import { chatToken } from './factories.js';
import { bearer, chatCall, startStack, type Stack } from './helpers.js';

let h: Stack;
let owner: TestUser;
let token: string;
let threadId: string;
let messageId: string;

beforeAll(async () => {
  h = await startStack();
  owner = await h.user({ name: 'Nora Null' });
  token = (await chatToken(h, owner)).token;
  threadId = await createThread(token, 'hostile');
  const sent = await chatCall(h, 'POST', `${encodeURIComponent(threadId)}/messages`, token, {
    content: 'hello',
  });
  messageId = (sent.json() as { id: string }).id;
});
afterAll(async () => {
  await h?.close();
});

async function createThread(as: string, topic: string): Promise<string> {
  const res = await h.app.inject({
    method: 'POST',
    url: `/chat/threads?api-version=${CHAT_API_VERSION}`,
    headers: bearer(as),
    payload: { topic },
  });
  return (res.json() as { chatThread: { id: string } }).chatThread.id;
}

const NUL = 'a\u0000b';
const LONE = 'a\ud800b';
/** A path or query value: a lone surrogate has no UTF-8 form, so it goes as the bytes a client would send for it. */
const enc = (bad: string) => (bad === LONE ? 'a%ED%A0%80b' : encodeURIComponent(bad));
const thread = () => encodeURIComponent(threadId);
const user = (id: string) => ({
  communicationIdentifier: { rawId: id, communicationUser: { id } },
});

/** A request shape that carries `bad` somewhere a chat server would store or look up. */
type Shape = (bad: string) => {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  url: string;
  payload?: object;
  merge?: boolean;
};
const SHAPES: Record<string, Shape> = {
  'thread topic': (bad) => ({ method: 'POST', url: '', payload: { topic: bad } }),
  'thread metadata key': (bad) => ({
    method: 'POST',
    url: '',
    payload: { topic: 't', metadata: { [bad]: 'v' } },
  }),
  'thread participant name': (bad) => ({
    method: 'POST',
    url: '',
    payload: {
      topic: 't',
      participants: [{ ...user(communicationUserIdOf(owner.id)), displayName: bad }],
    },
  }),
  'topic patch': (bad) => ({
    method: 'PATCH',
    url: thread(),
    payload: { topic: bad },
    merge: true,
  }),
  'message content': (bad) => ({
    method: 'POST',
    url: `${thread()}/messages`,
    payload: { content: bad },
  }),
  'message sender name': (bad) => ({
    method: 'POST',
    url: `${thread()}/messages`,
    payload: { content: 'x', senderDisplayName: bad },
  }),
  'message metadata value': (bad) => ({
    method: 'POST',
    url: `${thread()}/messages`,
    payload: { content: 'x', metadata: { k: bad } },
  }),
  'message edit': (bad) => ({
    method: 'PATCH',
    url: `${thread()}/messages/${messageId}`,
    payload: { content: bad },
    merge: true,
  }),
  'participant add': (bad) => ({
    method: 'POST',
    url: `${thread()}/participants/:add`,
    payload: { participants: [user(`8:acs:${bad}`)] },
  }),
  'participant remove': (bad) => ({
    method: 'POST',
    url: `${thread()}/participants/:remove`,
    payload: user(`8:acs:${bad}`).communicationIdentifier,
  }),
  'read receipt': (bad) => ({
    method: 'POST',
    url: `${thread()}/readReceipts`,
    payload: { chatMessageId: bad },
  }),
  'typing name': (bad) => ({
    method: 'POST',
    url: `${thread()}/typing`,
    payload: { senderDisplayName: bad },
  }),
  'thread id in the path': (bad) => ({ method: 'GET', url: enc(bad) }),
  'thread id in a delete': (bad) => ({ method: 'DELETE', url: enc(bad) }),
  'message id in the path': (bad) => ({ method: 'GET', url: `${thread()}/messages/${enc(bad)}` }),
  'message list cursor': (bad) => ({
    method: 'GET',
    url: `${thread()}/messages?syncState=${enc(bad)}`,
  }),
};

const SHAPE_IN_PATH = new Set([
  'thread id in the path',
  'thread id in a delete',
  'message id in the path',
]);

async function send(shape: ReturnType<Shape>) {
  const body = shape.payload === undefined ? undefined : JSON.stringify(shape.payload);
  return h.app.inject({
    method: shape.method,
    url: `/chat/threads${shape.url ? `/${shape.url}` : ''}${shape.url.includes('?') ? '&' : '?'}api-version=${CHAT_API_VERSION}`,
    headers: {
      ...bearer(token),
      ...(body === undefined
        ? {}
        : { 'content-type': shape.merge ? 'application/merge-patch+json' : 'application/json' }),
    },
    ...(body === undefined ? {} : { payload: body }),
  });
}

describe('hostile text in the chat API', () => {
  for (const [name, shape] of Object.entries(SHAPES))
    for (const [kind, bad] of [
      ['NUL', NUL],
      ['lone surrogate', LONE],
    ] as const)
      it(`answers 400 in the chat error shape to a ${kind} in the ${name}`, async () => {
        const res = await send(shape(bad));
        expect(res.statusCode, res.body).toBe(400);
        // Bytes that are no UTF-8 at all are refused by the router, before the chat API, in the kit's shape.
        const routerRefusal = kind === 'lone surrogate' && SHAPE_IN_PATH.has(name);
        expect(res.json()).toMatchObject(
          routerRefusal
            ? { error: expect.any(String), code: 'bad_url' }
            : { error: { code: 'BadRequest', message: expect.any(String) } },
        );
      });

  it('stores nothing and leaves the thread as it was', async () => {
    const res = await chatCall(h, 'GET', `${thread()}/messages`, token);
    const messages = (res.json() as { value: { type: string; content?: { message?: string } }[] })
      .value;
    expect(messages.filter((m) => m.type === 'text').map((m) => m.content?.message)).toEqual([
      'hello',
    ]);
    const props = await chatCall(h, 'GET', thread(), token);
    expect(props.json()).toMatchObject({ topic: 'hostile' });
  });

  it('does not spend the free plan hourly quota on refused messages', async () => {
    const fresh = await h.user({ name: 'Quinn Quota' });
    const own = (await chatToken(h, fresh)).token;
    const id = encodeURIComponent(await createThread(own, 'quota'));
    for (let i = 0; i < 12; i++)
      expect((await chatCall(h, 'POST', `${id}/messages`, own, { content: NUL })).statusCode).toBe(
        400,
      );
    for (let i = 0; i < 10; i++)
      expect(
        (await chatCall(h, 'POST', `${id}/messages`, own, { content: `m${i}` })).statusCode,
      ).toBe(201);
    expect(
      (await chatCall(h, 'POST', `${id}/messages`, own, { content: 'eleventh' })).statusCode,
    ).toBe(429);
  });
});
