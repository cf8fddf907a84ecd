// The requests every operation gets whatever fast-check draws, and chat calls made with chat tokens.
import { describe, expect, it } from 'vitest';
import type { People, World } from '../src/fixtures.js';
import { CHAT_API_VERSION } from '../src/fixtures.js';
import type { OpenApiDocument, Operation } from '../src/openapi.js';
import { hostileInternalTokens } from '../src/internal.js';
import { planRequests } from '../src/requests.js';

const doc: OpenApiDocument = { openapi: '3.1.0', paths: {} };
const user = (role: 'owner' | 'participant' | 'stranger' | 'admin') => ({
  role,
  id: `${role}-id`,
  email: `${role}@x.io`,
  token: `${role}-sign-in`,
});
const people: People = {
  owner: user('owner'),
  participant: user('participant'),
  stranger: user('stranger'),
  admin: user('admin'),
};
const world: World = {
  sessionId: 'abcdefg',
  ownerPid: 'user:owner-id',
  participantPid: 'user:participant-id',
  acceptedInvite: { id: 'i1', code: 'c1' },
  pendingInvite: { id: 'i2', code: 'c2' },
  chat: {
    tokens: { owner: 'owner-chat', participant: 'participant-chat', stranger: 'stranger-chat' },
    threadId: '19:t@thread.v2',
    messageId: '123',
  },
};
const text = { type: 'string', maxLength: 100 };
const op = (over: Partial<Operation>): Operation => ({
  operationId: 'op',
  method: 'POST',
  path: '/api/x/{id}',
  access: 'user',
  secured: true,
  optionalToken: false,
  pathParams: [],
  queryParams: [],
  bodyRequired: true,
  bodyExamples: [],
  ...over,
});
const plan = (o: Operation) =>
  planRequests(o, { doc, people, world, seed: 13, valid: 4, invalid: 40, check: () => true });

describe('pinned requests', () => {
  it('puts NUL and lone surrogates in every path parameter, query value and places of the body', () => {
    const requests = plan(
      op({
        pathParams: [{ name: 'id', in: 'path', required: true, schema: text }],
        queryParams: [{ name: 'q', in: 'query', required: false, schema: text }],
        body: {
          type: 'object',
          properties: { name: text, note: text },
          required: ['name', 'note'],
        },
      }),
    );
    const variants = requests.map((r) => r.variant);
    for (const v of [
      'path id NUL',
      'path id inner NUL',
      'path id lone high surrogate',
      'path id lone low surrogate',
      'query q inner NUL',
      'body key NUL',
    ])
      expect(variants).toContain(v);
    expect(requests.find((r) => r.variant === 'path id NUL')!.url).toMatch(/^\/api\/x\/%00(\?|$)/);
    expect(
      requests.filter((r) => r.variant.startsWith('body ') && r.body?.includes('\\u0000')),
    ).not.toHaveLength(0);
    expect(
      requests.filter((r) => r.variant.startsWith('body ') && r.body?.includes('\\ud800')),
    ).not.toHaveLength(0);
    expect(requests).toHaveLength(44);
  });

  it('sends the billing webhook signatures of the right length in other alphabets', () => {
    const requests = plan(
      op({
        path: '/api/billing/webhook',
        access: 'public',
        secured: false,
        body: { type: 'object' },
      }),
    );
    const signed = requests.filter((r) => r.variant.startsWith('signature '));
    expect(signed.length).toBeGreaterThanOrEqual(6);
    expect(signed.map((r) => r.headers['stripe-signature'])).toContain(
      `t=${/t=(\d+)/.exec(signed[0]!.headers['stripe-signature']!)![1]},v1=${'é'.repeat(64)}`,
    );
  });
});

describe('chat calls', () => {
  it('go with the world chat tokens, the right api-version and the world thread and message', () => {
    const requests = plan(
      op({
        method: 'GET',
        path: '/chat/threads/{chatThreadId}/messages/{chatMessageId}',
        access: 'public',
        secured: false,
        pathParams: [
          { name: 'chatThreadId', in: 'path', required: true, schema: text },
          { name: 'chatMessageId', in: 'path', required: true, schema: text },
        ],
        queryParams: [{ name: 'api-version', in: 'query', required: false, schema: text }],
        bodyRequired: false,
      }),
    );
    const valid = requests.filter((r) => r.kind === 'valid');
    expect(valid.map((r) => r.headers.authorization)).toEqual(
      expect.arrayContaining(['Bearer participant-chat', 'Bearer owner-chat']),
    );
    for (const r of valid)
      expect(r.url).toBe(
        `/chat/threads/19%3At%40thread.v2/messages/123?api-version=${CHAT_API_VERSION}`,
      );
    expect(requests.some((r) => r.variant.startsWith('token '))).toBe(true);
    expect(requests.every((r) => !r.headers.authorization?.includes('sign-in'))).toBe(true);
  });
});

describe('internal tokens', () => {
  it('include wrong tokens of the right length in latin-1', () => {
    const real = 'abcdef0123';
    const tokens = hostileInternalTokens(real).map(([, t]) => t);
    expect(tokens).toContain('é'.repeat(real.length));
    expect(tokens).not.toContain(real);
  });
});
