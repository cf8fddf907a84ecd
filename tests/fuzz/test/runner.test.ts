// The batch runner's own checks, against a tiny HTTP server that misbehaves on purpose: a 5xx, a
// 4xx without {error}, a refusal that still changes state, a bad token let through.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FuzzRequest } from '../src/client.js';
import { Figures, figuresTable, runBatches } from '../src/run.js';

let server: Server;
let base = '';
let counter = 0;

beforeAll(async () => {
  server = createServer((req, res) => {
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.url === '/state') return json(200, { counter });
    if (req.url === '/boom') return json(500, { error: 'Internal Server Error' });
    if (req.url === '/bare') {
      res.writeHead(400, { 'content-type': 'text/plain' });
      return res.end('bad');
    }
    if (req.url === '/sneaky') {
      counter += 1;
      return json(400, { error: 'refused, but counted anyway' });
    }
    if (req.url === '/refuse') return json(400, { error: 'refused' });
    // Azure Communication Services' error shape: the chat wire format's, wrong anywhere else.
    if (req.url?.endsWith('/acs'))
      return json(400, { error: { code: 'BadRequest', message: 'refused' } });
    return json(200, { ok: true });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const request = (
  url: string,
  variant = 'role owner',
  kind: FuzzRequest['kind'] = 'invalid',
): FuzzRequest => ({
  operationId: url.slice(1),
  kind,
  variant,
  method: 'POST',
  url,
  headers: { 'content-type': 'application/json' },
  body: '{}',
});
const snap = async () => JSON.stringify(await (await fetch(`${base}/state`)).json());

describe('runBatches', () => {
  it('finds 5xx, 4xx without {error}, state changed by refusals and bad tokens let through', async () => {
    const figures = new Figures();
    await runBatches(base, [request('/boom')], figures, snap);
    await runBatches(base, [request('/bare')], figures, snap);
    await runBatches(base, [request('/refuse'), request('/sneaky')], figures, snap);
    await runBatches(base, [request('/ok', 'token garbage')], figures, snap);
    expect(figures.findings.map((f) => f.kind)).toEqual([
      '5xx',
      '4xx without {error}',
      'state changed',
      'bad token accepted',
    ]);
    expect(figures.findings[2]!.detail).toContain('POST /sneaky');

    // ACS's { error: { code, message } } passes under /chat/ only.
    const acs = new Figures();
    await runBatches(base, [request('/chat/threads/acs'), request('/api/acs')], acs, snap);
    expect(acs.findings.map((f) => [f.kind, f.detail.includes('/api/acs')])).toEqual([
      ['4xx without {error}', true],
    ]);
    expect(figures.findings[2]!.detail).toMatch(/"counter":0} +-> +{"counter":1/);
  });

  it('passes a well-behaved batch and counts it in the figures', async () => {
    const figures = new Figures();
    await runBatches(
      base,
      [request('/refuse'), request('/refuse'), request('/ok', 'role owner', 'valid')],
      figures,
      snap,
    );
    await runBatches(base, [request('/refuse')], figures, snap);
    expect(figures.findings).toEqual([]);
    expect(figures.sent).toEqual({ valid: 1, invalid: 3 });
    expect(figures.batchesCompared).toBe(1);
    expect(figures.batchesWithSuccess).toBe(1);
    const table = figuresTable(figures, 3, 1);
    expect(table).toMatch(/operations covered +2/);
    expect(table).toMatch(/statuses +200: 1, 400: 3/);
  });
});
