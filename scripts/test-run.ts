// `pnpm test`: first what the tests need (Chromium for the browser tests; a Redis, found or started
// as `pnpm start` does), each missing one named in one line, then every package's tests via turbo.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromiumProblem } from './launcher/chromium.js';
import { resolveRedis, type RedisChoice } from './launcher/redis.js';

function fail(line: string): never {
  process.stderr.write(`pnpm test: ${line}\n`);
  process.exit(1);
}

const problem = chromiumProblem();
if (problem) fail(problem);

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'oneeta-test-redis-'));
let redis: RedisChoice;
try {
  redis = await resolveRedis({ REDIS_URL: process.env.TEST_REDIS_URL }, dataDir);
} catch (error) {
  rmSync(dataDir, { recursive: true, force: true });
  fail(
    (error as Error).message
      .replaceAll('REDIS_URL', 'TEST_REDIS_URL')
      .replace('pnpm start', 'pnpm test'),
  );
}
if (redis.source === 'started')
  process.stderr.write(`pnpm test: started redis-server at ${redis.url}\n`);

const turbo = spawn('turbo', ['run', 'test', '--concurrency=1', ...process.argv.slice(2)], {
  stdio: 'inherit',
  // The workspace's own turbo, also when this script runs outside `pnpm test`.
  env: {
    ...process.env,
    PATH: [path.resolve('node_modules/.bin'), process.env.PATH].join(path.delimiter),
    TEST_REDIS_URL: redis.url,
  },
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => turbo.kill(signal));
const code = await new Promise<number>((resolve) => {
  turbo.on('exit', (exit, signal) => resolve(exit ?? (signal ? 1 : 0)));
  turbo.on('error', (error) => {
    process.stderr.write(`pnpm test: could not run turbo: ${error.message}\n`);
    resolve(1);
  });
});
await redis.stop?.();
rmSync(dataDir, { recursive: true, force: true });
process.exit(code);
