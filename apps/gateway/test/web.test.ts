import { createHash } from 'node:crypto';
import { mkdtemp, mkdir, rm, utimes, writeFile } from 'node:fs/promises';
import { request as httpGet } from 'node:http';
import { brotliCompressSync, brotliDecompressSync, gzipSync, gunzipSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { deleteKeys, uniquePrefix } from '@oneeta/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readJson, startGateway, type ErrorBody, type Gateway } from './helpers.js';

const prefix = uniquePrefix('gw-web');
const INDEX = '<!doctype html><title>OneETA</title><div id="root"></div>';
const PAGE = '<!doctype html><title>OneETA</title><link rel="modulepreload"><div id="root"></div>';
const BIG = 'console.log("OneETA");\n'.repeat(500);
/** A page with an inline script (as s.html's early requests, apps/web/src/api/early.ts). */
const scripted = (body: string) =>
  `<!doctype html><script>${body}</script><script type="module" src="/assets/app-abc123.js"></script>`;
const sha256 = (body: string) => `'sha256-${createHash('sha256').update(body).digest('base64')}'`;
const scriptSrc = (response: Response) =>
  (response.headers.get('content-security-policy') ?? '')
    .split('; ')
    .find((directive) => directive.startsWith('script-src '))
    ?.split(' ')
    .slice(1);

/** A raw GET (fetch would decompress and hide the encoding): status, headers and the bytes. */
function rawGet(url: string, headers: Record<string, string>) {
  return new Promise<{
    status: number;
    headers: Record<string, string | string[] | undefined>;
    body: Buffer;
  }>((resolve, reject) => {
    httpGet(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    })
      .on('error', reject)
      .end();
  });
}
let dist: string;
let gateway: Gateway;
let bare: Gateway;

beforeAll(async () => {
  dist = await mkdtemp(path.join(tmpdir(), 'gw-web-'));
  await mkdir(path.join(dist, 'assets'));
  await writeFile(path.join(dist, 'index.html'), INDEX);
  await writeFile(path.join(dist, 's.html'), PAGE);
  await writeFile(path.join(dist, 'early.html'), scripted('window.a=1'));
  await writeFile(path.join(dist, 'assets', 'app-abc123.js'), 'console.log("app")');
  await writeFile(path.join(dist, 'robots.txt'), 'User-agent: *');
  await writeFile(path.join(dist, 'assets', 'big-abc123.js'), BIG);
  await writeFile(path.join(dist, 'assets', 'big-abc123.js.br'), brotliCompressSync(BIG));
  await writeFile(path.join(dist, 'assets', 'big-abc123.js.gz'), gzipSync(BIG));
  await writeFile(path.join(dist, 'index.html.gz'), gzipSync(INDEX));
  [gateway, bare] = await Promise.all([
    startGateway({ REDIS_PREFIX: prefix, WEB_DIST: dist, RATE_LIMIT_PER_MINUTE: '2' }),
    startGateway({ REDIS_PREFIX: prefix, WEB_DIST: path.join(dist, 'missing') }),
  ]);
});

afterAll(async () => {
  await deleteKeys(gateway.redis, prefix);
  await Promise.all([gateway.close(), bare.close()]);
  await rm(dist, { recursive: true, force: true });
});

const html = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };

describe('web app', () => {
  it('serves index.html at / and files as they are', async () => {
    const root = await fetch(`${gateway.url}/`, { headers: html });
    expect(root.status).toBe(200);
    expect(root.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await root.text()).toBe(INDEX);

    const asset = await fetch(`${gateway.url}/assets/app-abc123.js`);
    expect(asset.status).toBe(200);
    expect(await asset.text()).toBe('console.log("app")');
    expect(asset.headers.get('cache-control')).toContain('immutable');
    expect(await (await fetch(`${gateway.url}/robots.txt`)).text()).toBe('User-agent: *');
  });

  it('serves the precompressed copy the client accepts, brotli first, with Vary: Accept-Encoding', async () => {
    const url = `${gateway.url}/assets/big-abc123.js`;
    const br = await rawGet(url, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toContain('immutable');
    expect(brotliDecompressSync(br.body).toString()).toBe(BIG);

    const gz = await rawGet(url, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(BIG);

    const plain = await rawGet(url, { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(BIG);

    // A navigation gets the compressed shell too, never cached.
    const shell = await rawGet(`${gateway.url}/sessions`, {
      ...html,
      'accept-encoding': 'gzip, br',
    });
    expect(shell.headers['content-encoding']).toBe('gzip');
    expect(shell.headers['cache-control']).toBe('no-cache');
    expect(gunzipSync(shell.body).toString()).toBe(INDEX);
  });

  it('answers a browser navigation to a client-side route with index.html', async () => {
    const response = await fetch(`${gateway.url}/session/abc123?invite=x`, { headers: html });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(await response.text()).toBe(INDEX);
  });

  it("answers a navigation with its first path segment's own page when the build wrote one", async () => {
    const page = await fetch(`${gateway.url}/s/abc2345`, { headers: html });
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('no-cache');
    expect(await page.text()).toBe(PAGE);
    for (const other of ['/sessions', '/session/s', '/index/x', '/S/abc2345']) {
      expect(await (await fetch(`${gateway.url}${other}`, { headers: html })).text()).toBe(INDEX);
    }
  });

  it("allows a page's own inline scripts by hash, and no others, read again when the file changes", async () => {
    const first = await fetch(`${gateway.url}/early/abc2345`, { headers: html });
    expect(await first.text()).toBe(scripted('window.a=1'));
    expect(scriptSrc(first)).toEqual(["'self'", sha256('window.a=1')]);
    expect(scriptSrc(await fetch(`${gateway.url}/s/abc2345`, { headers: html }))).toEqual([
      "'self'",
    ]);
    expect(scriptSrc(await fetch(`${gateway.url}/`, { headers: html }))).toEqual(["'self'"]);

    // A new build writes the page again while the gateway runs.
    const file = path.join(dist, 'early.html');
    await writeFile(file, scripted('window.b=2'));
    const later = new Date(Date.now() + 60_000);
    await utimes(file, later, later);
    const second = await fetch(`${gateway.url}/early/abc2345`, { headers: html });
    expect(await second.text()).toBe(scripted('window.b=2'));
    expect(scriptSrc(second)).toEqual(["'self'", sha256('window.b=2')]);
  });

  it('answers 404 for a missing file, a non-HTML request and API paths', async () => {
    expect((await fetch(`${gateway.url}/assets/missing.js`, { headers: html })).status).toBe(404);
    expect(
      (await fetch(`${gateway.url}/session/abc`, { headers: { accept: 'application/json' } }))
        .status,
    ).toBe(404);
    for (const url of ['/api/nope', '/internal/x', '/ws/x']) {
      const response = await fetch(`${gateway.url}${url}`, { headers: html });
      expect({ url, status: response.status }).toEqual({ url, status: 404 });
      expect((await readJson<ErrorBody>(response)).error).toEqual(expect.any(String));
    }
  });

  it('does not count static files against the rate limit', async () => {
    for (let i = 0; i < 5; i += 1) {
      expect((await fetch(`${gateway.url}/session/s${i}`, { headers: html })).status).toBe(200);
    }
  });

  it('serves nothing when the web build folder does not exist', async () => {
    const response = await fetch(`${bare.url}/`, { headers: html });
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ error: expect.any(String) });
  });
});
