/**
 * Issue 11, item 7: 1,500 slow partial-header connections stayed open for 72 s and more. A real
 * TCP client proves a stalled or trickling request, and an idle keep-alive socket, are closed.
 */
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpApp, resolveHttpTimeouts, type App } from '../src/http.js';

let app: App;
let port: number;

beforeAll(async () => {
  app = createHttpApp({
    name: 'timeouts-test',
    logLevel: 'silent',
    metrics: false,
    timeouts: { headersMs: 400, requestMs: 800, keepAliveMs: 300, connectionMs: 60_000 },
  });
  app.post('/upload', async () => ({ ok: true }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as AddressInfo).port;
});
afterAll(() => app.close());

/** A raw TCP connection that records when the server closes it and what it answered. */
function connect() {
  const socket = net.connect(port, '127.0.0.1');
  const state = { closed: false, received: '', openedAt: Date.now(), closedAt: 0 };
  socket.on('data', (chunk) => (state.received += chunk.toString('latin1')));
  socket.on('close', () => {
    state.closed = true;
    state.closedAt = Date.now();
  });
  socket.on('error', () => {});
  return { socket, state };
}

describe('server timeouts', () => {
  it('closes a connection that sends part of its headers and stalls, within the headers timeout', async () => {
    const { socket, state } = connect();
    socket.write('GET /healthz HTTP/1.1\r\nHost: x\r\n');
    await expect.poll(() => state.closed, { timeout: 5000, interval: 50 }).toBe(true);
    expect(state.closedAt - state.openedAt).toBeLessThan(3000);
    expect(state.received).toMatch(/^HTTP\/1\.1 408/);
  });

  it('closes a slow-loris client that trickles one header byte at a time (the idle timer never fires)', async () => {
    const { socket, state } = connect();
    socket.write('GET /healthz HTTP/1.1\r\nHost: x\r\nX-Slow: ');
    const trickle = setInterval(() => !state.closed && socket.write('a'), 50);
    try {
      await expect.poll(() => state.closed, { timeout: 5000, interval: 50 }).toBe(true);
      expect(state.closedAt - state.openedAt).toBeLessThan(3000);
    } finally {
      clearInterval(trickle);
    }
  });

  it('closes a request whose body never finishes, within the request timeout', async () => {
    const { socket, state } = connect();
    socket.write(
      'POST /upload HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"a":',
    );
    await expect.poll(() => state.closed, { timeout: 5000, interval: 50 }).toBe(true);
    expect(state.closedAt - state.openedAt).toBeLessThan(3500);
  });

  it('answers a normal request, then closes the idle keep-alive connection after the keep-alive timeout', async () => {
    const { socket, state } = connect();
    socket.write('GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n');
    await expect
      .poll(() => state.received, { timeout: 2000, interval: 20 })
      .toMatch(/^HTTP\/1\.1 200[\s\S]*\{"ok":true\}/);
    const answeredAt = Date.now();
    await expect.poll(() => state.closed, { timeout: 5000, interval: 50 }).toBe(true);
    expect(state.closedAt - answeredAt).toBeLessThan(2000);
  });

  it('takes its timeouts from env when not given, keeping headers within the request timeout', () => {
    expect(resolveHttpTimeouts({}, {})).toEqual({
      headersMs: 10_000,
      requestMs: 30_000,
      keepAliveMs: 5_000,
      connectionMs: 60_000,
      maxRequestsPerSocket: 0,
    });
    expect(
      resolveHttpTimeouts(
        { keepAliveMs: 1234 },
        {
          HTTP_HEADERS_TIMEOUT_MS: '20000',
          HTTP_REQUEST_TIMEOUT_MS: '15000',
          HTTP_KEEP_ALIVE_TIMEOUT_MS: '9',
        },
      ),
    ).toMatchObject({ headersMs: 15_000, requestMs: 15_000, keepAliveMs: 1234 });
    const server = createHttpApp({
      name: 'env',
      logLevel: 'silent',
      metrics: false,
      timeouts: { headersMs: 700, requestMs: 900 },
    }).server;
    expect([server.headersTimeout, server.requestTimeout]).toEqual([700, 900]);
  });
});
