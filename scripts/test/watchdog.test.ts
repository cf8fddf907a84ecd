// The launcher's watchdog: when its stdin closes (the launcher died), every group it was told of stops.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { root } from './helpers/launcher.js';

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** A process group (like redis-server's) that ignores stdin; with `stubborn`, SIGTERM too. */
function group(stubborn = false): ChildProcess {
  const script = stubborn ? 'trap "" TERM; sleep 300 & wait; sleep 300' : 'sleep 300 & wait';
  const proc = spawn('sh', ['-c', script], { detached: true, stdio: 'ignore' });
  proc.unref();
  return proc;
}

describe('the watchdog', () => {
  it('stops every process group it tracks when the launcher’s pipe closes, SIGKILL for those that ignore SIGTERM', async () => {
    const watchdog = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(root, 'scripts/launcher/watchdog.ts')],
      {
        cwd: root,
        env: { ...process.env, WATCHDOG_GRACE_MS: '1000' },
        stdio: ['pipe', 'ignore', 'pipe'],
      },
    );
    let said = '';
    watchdog.stderr.on('data', (chunk: Buffer) => (said += chunk.toString()));
    const [polite, stubborn, forgotten, untracked] = [group(), group(true), group(), group()];
    try {
      for (const proc of [polite, stubborn, forgotten]) watchdog.stdin.write(`+${proc.pid}\n`);
      watchdog.stdin.write(`-${forgotten.pid}\n`);
      watchdog.stdin.end();
      await once(watchdog, 'exit');
      expect(said).toContain('the launcher is gone: stopping 2 process group(s)');
      await expect
        .poll(() => [polite, stubborn].map((p) => alive(p.pid!)), { timeout: 5_000 })
        .toEqual([false, false]);
      expect(alive(forgotten.pid!)).toBe(true);
      expect(alive(untracked.pid!)).toBe(true);
    } finally {
      for (const proc of [polite, stubborn, forgotten, untracked]) {
        try {
          process.kill(-proc.pid!, 'SIGKILL');
        } catch {
          // gone already
        }
      }
    }
  });
});
