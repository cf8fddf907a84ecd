import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPRESS_MIN_BYTES, pickEncoding } from '../src/compression.js';
import { createHttpApp, type App } from '../src/http.js';

let app: App;
const big = {
  items: Array.from({ length: 200 }, (_, i) => ({ id: `item-${i}`, name: 'A participant' })),
};

beforeAll(async () => {
  app = createHttpApp({ name: 'kit-compress', logLevel: 'silent' });
  app.get('/big', async () => big);
  app.get('/small', async () => ({ ok: true }));
  await app.ready();
});
afterAll(() => app.close());

const get = (url: string, encoding?: string) =>
  app.inject({ method: 'GET', url, headers: encoding ? { 'accept-encoding': encoding } : {} });

describe('compressed answers', () => {
  it('picks brotli, else gzip, from Accept-Encoding, honouring q=0 and *', () => {
    expect(pickEncoding('gzip, deflate, br')).toBe('br');
    expect(pickEncoding('gzip;q=0.8, br;q=0')).toBe('gzip');
    expect(pickEncoding('deflate')).toBeNull();
    expect(pickEncoding('identity')).toBeNull();
    expect(pickEncoding('*')).toBe('br');
    expect(pickEncoding('*;q=0, gzip')).toBe('gzip');
    expect(pickEncoding(undefined)).toBeNull();
  });

  it('sends JSON of 1 KB or more as brotli or gzip, whichever the client accepts, brotli first', async () => {
    expect(JSON.stringify(big).length).toBeGreaterThan(COMPRESS_MIN_BYTES);
    const br = await get('/big', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(big);
    expect(br.rawPayload.length).toBeLessThan(JSON.stringify(big).length / 5);

    const gz = await get('/big', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(big);
  });

  it('sends small answers, and answers to clients that accept no encoding, as they are', async () => {
    const small = await get('/small', 'gzip, br');
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toEqual({ ok: true });
    const plain = await get('/big');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.json()).toEqual(big);
  });
});
