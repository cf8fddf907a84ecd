import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createGuards, createTokenVerifier } from '../src/auth.js';
import { createHttpApp, type App } from '../src/http.js';
import { safeEqual } from '../src/safe-compare.js';
import { findUnstorableText, hasUnstorableText } from '../src/safe-input.js';

const INTERNAL = 'internal-token-for-tests-0123456789';
let app: App;
let base: string;
const stored: unknown[] = [];

beforeAll(async () => {
  app = createHttpApp({ name: 'kit-safe-input', logLevel: 'silent' });
  const guards = createGuards({
    verify: createTokenVerifier({ jwks: { keys: [] } }),
    internalToken: INTERNAL,
  });
  app.post(
    '/items/:id',
    {
      schema: {
        params: z.object({ id: z.string() }),
        body: z.object({ name: z.string(), tags: z.record(z.string(), z.string()).optional() }),
      },
    },
    async (request) => {
      stored.push(request.body);
      return { ok: true };
    },
  );
  // A route that takes its body as the raw stream (as a proxy does): nothing to walk.
  app.register(async (raw) => {
    raw.removeAllContentTypeParsers();
    raw.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
    raw.post('/raw', async (request) => {
      let bytes = 0;
      for await (const chunk of request.body as AsyncIterable<Buffer>) bytes += chunk.length;
      return { bytes };
    });
  });
  app.get('/search', { schema: { querystring: z.object({ q: z.string() }) } }, async () => ({
    ok: true,
  }));
  app.get('/internal/x', { preHandler: guards.requireInternal }, async () => ({ ok: true }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});
afterAll(() => app.close());

/** One request over a real socket, with header values sent as the raw (latin-1) bytes given. */
function send(method: string, path: string, headers: Record<string, string>, body?: string) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = httpRequest(`${base}${path}`, { method, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe('text Postgres cannot store', () => {
  it('finds NUL and lone surrogates in strings and keys, and lets pairs and other text pass', () => {
    expect(hasUnstorableText('a\u0000b')).toBe(true);
    expect(hasUnstorableText('a\ud800b')).toBe(true);
    expect(hasUnstorableText('a\udc00')).toBe(true);
    expect(hasUnstorableText('smile 😀, tab\t, newline\n, é')).toBe(false);
    expect(findUnstorableText({ a: [{ b: 'ok' }, { c: 'x\u0000' }] })).toBe('a.1.c');
    expect(findUnstorableText({ ['k\ud800']: 'v' })).toBe('key');
    expect(findUnstorableText('\u0000')).toBe('');
    expect(findUnstorableText({ a: 1, b: null, c: ['😀'] })).toBeNull();
    // Not parsed JSON: left alone, however it is built (cycles included).
    const cyclic: Record<string, unknown> = { text: 'x\u0000' };
    cyclic.self = cyclic;
    expect(
      findUnstorableText(
        new (class Stream {
          constructor(readonly own = cyclic) {}
        })(),
      ),
    ).toBeNull();
    expect(findUnstorableText(Buffer.from([0, 0]))).toBeNull();
  });

  it('walks a 10 000-deep body without running out of stack', () => {
    let deep: unknown = 'x\u0000';
    for (let i = 0; i < 10_000; i++) deep = [deep];
    expect(findUnstorableText(deep)).toMatch(/^0(\.0)*$/);
  });

  it('leaves a body passed on as a raw stream alone (a proxy reads it)', async () => {
    const res = await send(
      'POST',
      '/raw',
      { 'content-type': 'application/json' },
      '{"name":"a\\u0000b"}',
    );
    expect(res.status, res.body).toBe(200);
    expect(JSON.parse(res.body)).toEqual({ bytes: 19 });
  });

  it('answers 400 {error} to NUL or a lone surrogate in a body, a path or a query, and the handler never runs', async () => {
    const before = stored.length;
    const cases = [
      ['POST', '/items/1', JSON.stringify({ name: 'a\u0000b' })],
      ['POST', '/items/1', '{"name":"a\\ud800b"}'],
      ['POST', '/items/1', JSON.stringify({ name: 'n', tags: { ['k\u0000']: 'v' } })],
      ['POST', '/items/%00', JSON.stringify({ name: 'n' })],
      ['GET', '/search?q=a%00b', undefined],
    ] as const;
    for (const [method, path, body] of cases) {
      const res = await send(
        method,
        path,
        body ? { 'content-type': 'application/json' } : {},
        body,
      );
      expect(res.status, `${method} ${path} ${body}`).toBe(400);
      expect(JSON.parse(res.body)).toMatchObject({
        error: expect.stringMatching(/NUL or a lone surrogate/),
        code: 'invalid_text',
      });
    }
    expect(stored.length).toBe(before);
    expect(
      (
        await send(
          'POST',
          '/items/1',
          { 'content-type': 'application/json' },
          JSON.stringify({ name: 'Zoë 😀' }),
        )
      ).status,
    ).toBe(200);
  });
});

describe('the internal-route guard', () => {
  it('answers 403 to a non-ASCII token of the right length, as to any wrong one', async () => {
    const sameLength = 'é'.repeat(INTERNAL.length);
    for (const token of [sameLength, `${INTERNAL.slice(0, -1)}é`, 'é', 'short', `${INTERNAL}x`]) {
      const res = await send('GET', '/internal/x', { 'x-internal-token': token });
      expect(res.status, token).toBe(403);
      expect(JSON.parse(res.body)).toEqual({ error: 'Internal route', code: 'internal_only' });
    }
    expect((await send('GET', '/internal/x', { 'x-internal-token': INTERNAL })).status).toBe(200);
  });

  it('compares secrets of any length and alphabet without throwing', () => {
    expect(safeEqual('abc', 'abc')).toBe(true);
    expect(safeEqual('abc', 'abd')).toBe(false);
    expect(safeEqual('é', 'ab')).toBe(false);
    expect(safeEqual('', 'a')).toBe(false);
    expect(safeEqual('😀', '😀')).toBe(true);
  });
});
