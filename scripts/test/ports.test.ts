import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { findFreePort } from '../launcher/ports.js';

const listen = (port: number) =>
  new Promise<net.Server>((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });

describe('findFreePort', () => {
  it('picks ports below the ephemeral range (where port-0 listeners never land), each once, that can be listened on', async () => {
    const ports = await Promise.all(Array.from({ length: 20 }, () => findFreePort()));
    expect(new Set(ports).size).toBe(ports.length);
    for (const port of ports) {
      expect(port).toBeGreaterThanOrEqual(20_000);
      expect(port).toBeLessThan(32_768);
    }
    const servers = await Promise.all(ports.map(listen));
    await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
  });

  it('never hands out a port someone listens on, nor one it handed out before', async () => {
    // A range of four ports, three of them held: the fourth is the only answer, and only once.
    const from = 24_000 + Math.floor(Math.random() * 8000);
    const held = await Promise.all([from, from + 1, from + 2].map(listen));
    try {
      expect(await findFreePort('127.0.0.1', { from, to: from + 3 })).toBe(from + 3);
      await expect(findFreePort('127.0.0.1', { from, to: from + 3 })).rejects.toThrow(
        /no free port/,
      );
    } finally {
      await Promise.all(held.map((s) => new Promise((resolve) => s.close(resolve))));
    }
  });
});
