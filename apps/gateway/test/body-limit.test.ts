import { request as httpRequest } from 'node:http';
import { deleteKeys, uniquePrefix } from '@oneeta/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEcho, startGateway, type Gateway } from './helpers.js';

const LIMIT = 4096;
const prefix = uniquePrefix('gw-body');
let gateway: Gateway;
let session: Awaited<ReturnType<typeof startEcho>>;
/** An upstream whose own limit (1 KiB) is below the gateway's. */
let strict: Awaited<ReturnType<typeof startEcho>>;

beforeAll(async () => {
  [session, strict] = await Promise.all([
    startEcho('session'),
    startEcho('auth', { bodyLimit: 1024 }),
  ]);
  gateway = await startGateway({
    REDIS_PREFIX: prefix,
    AUTH_URL: strict.url,
    SESSION_URL: session.url,
    BODY_LIMIT_BYTES: String(LIMIT),
  });
});

afterAll(async () => {
  await deleteKeys(gateway.redis, prefix);
  await gateway.close();
  await Promise.all([session.app.close(), strict.app.close()]);
});

interface Answer {
  status: number;
  body: { error?: string; code?: string; body?: unknown };
}

/** A POST of `size` bytes of JSON, with a content-length or (chunked) in 512-byte chunks. */
function post(
  path: string,
  size: number,
  { chunked = false, base = gateway.url, type = 'application/json' } = {},
): Promise<Answer> {
  const payload = Buffer.from(JSON.stringify({ text: 'x'.repeat(Math.max(0, size - 12)) }));
  return new Promise((resolve, reject) => {
    const headers: Record<string, string | number> = type ? { 'content-type': type } : {};
    if (!chunked) headers['content-length'] = payload.length;
    const req = httpRequest(`${base}${path}`, { method: 'POST', headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) as Answer['body'] }),
      );
    });
    // The gateway may answer and close before the whole upload is written: the answer counts.
    const ignoreCut = (err: NodeJS.ErrnoException) => {
      if (err.code !== 'EPIPE' && err.code !== 'ECONNRESET') reject(err);
    };
    req.on('error', ignoreCut);
    req.on('socket', (socket) => socket.on('error', ignoreCut));
    for (let at = 0; at < payload.length; at += 512) req.write(payload.subarray(at, at + 512));
    req.end();
  });
}

describe('request body limit', () => {
  it('answers 413 before proxying when content-length is over the limit', async () => {
    const answer = await post('/api/sessions', LIMIT * 4);
    expect(answer).toEqual({
      status: 413,
      body: { error: 'Request body is too large', code: 'body_too_large' },
    });
  });

  it('answers 413 when a chunked body grows past the limit while streaming', async () => {
    const answer = await post('/api/sessions', LIMIT * 4, { chunked: true });
    expect(answer).toEqual({
      status: 413,
      body: { error: 'Request body is too large', code: 'body_too_large' },
    });
  });

  it('counts a body of any or no content type', async () => {
    for (const type of ['', 'application/octet-stream', 'text/plain']) {
      for (const chunked of [false, true]) {
        const answer = await post('/api/sessions', LIMIT * 2, { chunked, type });
        expect({ type, chunked, status: answer.status }).toEqual({ type, chunked, status: 413 });
      }
    }
  });

  it('passes bodies within the limit through, with a content-length or chunked', async () => {
    for (const chunked of [false, true]) {
      const answer = await post('/api/sessions', LIMIT - 100, { chunked });
      expect(answer.status).toBe(200);
      expect(answer.body.body).toEqual({ text: expect.stringMatching(/^x+$/) });
    }
  });

  it("answers 413 (not 502) for a 2 MiB body with the default limit, the same as the services'", async () => {
    const defaults = await startGateway({ REDIS_PREFIX: prefix, SESSION_URL: session.url });
    try {
      const answer = await post('/api/sessions', 2 * 1024 * 1024, { base: defaults.url });
      expect(answer.status).toBe(413);
      expect(answer.body.error).toBe('Request body is too large');
    } finally {
      await defaults.close();
    }
  });

  it("passes an upstream's own 413 through instead of a 502", async () => {
    const answer = await post('/api/auth/login', 2048);
    expect(answer.status).toBe(413);
    expect(answer.body.error).toBe('Request body is too large');
  });
});
