// The launcher's own redis-server: started on a free port, data kept in its directory across restarts.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { isPortOpen } from '../launcher/ports.js';
import { findOnPath, startRedisServer } from '../launcher/redis.js';

const binary = findOnPath('redis-server');
const dir = mkdtempSync(path.join(tmpdir(), 'oneeta-redis-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe.skipIf(!binary)('starting redis-server', () => {
  it('keeps its data in DATA_DIR/redis across a stop and a start, and frees its port on stop', async () => {
    const first = await startRedisServer(binary!, dir, '');
    const port = Number(new URL(first.url).port);
    expect(port).not.toBe(6379);
    const a = new Redis(first.url);
    await a.set('kept', 'yes');
    a.disconnect();
    await first.stop?.();
    expect(await isPortOpen(port)).toBe(false);

    const second = await startRedisServer(binary!, dir, '');
    const b = new Redis(second.url);
    expect(await b.get('kept')).toBe('yes');
    b.disconnect();
    await second.stop?.();
  });
});
