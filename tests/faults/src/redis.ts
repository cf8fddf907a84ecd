// A throwaway redis-server for one scenario: its own port and directory, stoppable and startable
// again on the same port with its data (append-only file) kept.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { pingRedis } from '@oneeta/scripts/launcher/redis';
import { findFreePort } from '@oneeta/scripts/ports';
import { waitUntil } from './wait.js';

export interface TestRedis {
  url: string;
  start(): Promise<void>;
  /** SIGTERM (redis-server writes its append-only file and exits). */
  stop(): Promise<void>;
}

export async function startRedis(dir: string): Promise<TestRedis> {
  const port = await findFreePort();
  const url = `redis://127.0.0.1:${port}`;
  let proc: ChildProcess | undefined;
  const redis: TestRedis = {
    url,
    async start() {
      proc = spawn(
        'redis-server',
        [
          '--port',
          String(port),
          '--bind',
          '127.0.0.1',
          '--dir',
          dir,
          '--save',
          '',
          '--appendonly',
          'yes',
          '--appendfsync',
          'everysec',
          '--loglevel',
          'warning',
        ],
        { stdio: 'ignore' },
      );
      await waitUntil(() => pingRedis(url), 10_000, 'redis-server answers PING');
    },
    async stop() {
      if (!proc || proc.exitCode !== null) return;
      const exited = once(proc, 'exit');
      proc.kill('SIGTERM');
      await exited;
    },
  };
  await redis.start();
  return redis;
}
