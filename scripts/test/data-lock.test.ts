// The DATA_DIR lock: one stack per data directory, and a lock left by a killed launcher expires.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { lockDataDir, readLockOwner } from '../launcher/data-lock.js';
import { root } from './helpers/launcher.js';

const tmp = mkdtempSync(path.join(tmpdir(), 'oneeta-lock-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
const fresh = (name: string) => mkdtempSync(path.join(tmp, `${name}-`));

/** Another process that takes the lock and keeps it until killed; resolves once it holds it. */
async function holdInChild(dataDir: string, staleMs: number) {
  const code = `
    import { lockDataDir } from ${JSON.stringify(path.join(root, 'scripts/launcher/data-lock.ts'))};
    await lockDataDir(${JSON.stringify(dataDir)}, { url: 'http://localhost:1234' }, { staleMs: ${staleMs} });
    console.log('locked');
    setInterval(() => {}, 1000);`;
  const proc = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  proc.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  await expect.poll(() => out, { timeout: 20_000 }).toContain('locked');
  return proc;
}

describe('the DATA_DIR lock', () => {
  it('refuses a second holder while a live launcher has it, naming that launcher', async () => {
    const dir = fresh('live');
    const holder = await holdInChild(dir, 10_000);
    try {
      expect(readLockOwner(dir)).toMatchObject({ pid: holder.pid, url: 'http://localhost:1234' });
      const started = Date.now();
      await expect(lockDataDir(dir, { url: 'http://localhost:2' })).rejects.toThrow(
        `DATA_DIR ${dir} is in use by another OneETA stack (launcher pid ${holder.pid}, serving http://localhost:1234`,
      );
      expect(Date.now() - started).toBeLessThan(2_000); // at once, not after waiting
    } finally {
      holder.kill('SIGKILL');
      await once(holder, 'exit');
    }
  });

  it('takes over the lock of a launcher that was SIGKILLed once the lock is stale', async () => {
    const dir = fresh('killed');
    const holder = await holdInChild(dir, 2_000);
    holder.kill('SIGKILL');
    await once(holder, 'exit');
    const waits: string[] = [];
    const started = Date.now();
    const release = await lockDataDir(dir, { url: 'http://localhost:3' }, { staleMs: 2_000 }, (m) =>
      waits.push(m),
    );
    expect(Date.now() - started).toBeLessThan(6_000);
    expect(waits.join('\n')).toContain(`locked by launcher pid ${holder.pid}, which is gone`);
    expect(readLockOwner(dir)).toMatchObject({ pid: process.pid, url: 'http://localhost:3' });
    await release();
  });

  it('is free again at once after a release', async () => {
    const dir = fresh('released');
    const release = await lockDataDir(dir, { url: 'http://localhost:4' });
    await expect(lockDataDir(dir, { url: 'http://localhost:5' })).rejects.toThrow(/is in use/);
    await release();
    expect(readLockOwner(dir)).toBeUndefined();
    const again = await lockDataDir(dir, { url: 'http://localhost:5' });
    await again();
  });
});
