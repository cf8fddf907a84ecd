// The launcher's own redis-server: started on a free port, data kept in its directory across restarts.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { isPortOpen } from '../launcher/ports.js';
import { findOnPath, startRedisServer } from '../launcher/redis.js';
import { root } from './helpers/launcher.js';

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

  it('stops when the launcher that started it is killed with SIGKILL (the watchdog)', async () => {
    const code = `
      import { startWatchdog } from ${JSON.stringify(path.join(root, 'scripts/launcher/children.ts'))};
      import { startRedisServer } from ${JSON.stringify(path.join(root, 'scripts/launcher/redis.ts'))};
      const started = await startRedisServer(${JSON.stringify(binary)}, ${JSON.stringify(path.join(dir, 'killed'))}, '', startWatchdog());
      console.log('url ' + started.url);
      setInterval(() => {}, 1000);`;
    const launcher = spawn(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '-e', code],
      {
        cwd: root,
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    let out = '';
    launcher.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    await expect.poll(() => out, { timeout: 20_000 }).toMatch(/url redis:\/\/127\.0\.0\.1:\d+/);
    const port = Number(/url redis:\/\/127\.0\.0\.1:(\d+)/.exec(out)![1]);
    expect(await isPortOpen(port)).toBe(true);
    launcher.kill('SIGKILL');
    await once(launcher, 'exit');
    await expect.poll(() => isPortOpen(port), { timeout: 10_000 }).toBe(false);
  });
});
