import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { TEST_INTERNAL_TOKEN, testRedisUrl, uniquePrefix } from '@oneeta/service-kit/testing';
import { describe, expect, it } from 'vitest';
import { MEMBERSHIP_CONFIG_MISSING } from '../src/session-membership.js';

/**
 * The gateway process as main.ts starts it: without SESSION_URL or INTERNAL_TOKEN it would have
 * nobody to ask who may follow a session over /ws, so it refuses to start and says why.
 */
const MAIN = fileURLToPath(new URL('../src/main.ts', import.meta.url));
const CWD = fileURLToPath(new URL('..', import.meta.url));

function start(env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  const child = spawn(process.execPath, ['--conditions=@oneeta/source', '--import', 'tsx', MAIN], {
    cwd: CWD,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: '0',
      REDIS_URL: testRedisUrl(),
      REDIS_PREFIX: uniquePrefix('gw-start'),
      WEB_DIST: '/nonexistent/web-dist',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
  return new Promise((resolve) =>
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stderr });
    }),
  );
}

describe('gateway start', () => {
  it.each([
    [{ INTERNAL_TOKEN: TEST_INTERNAL_TOKEN }, 'SESSION_URL'],
    [{ SESSION_URL: 'http://127.0.0.1:4002' }, 'INTERNAL_TOKEN'],
    [{}, 'SESSION_URL, INTERNAL_TOKEN'],
  ] as Array<[Record<string, string>, string]>)(
    'refuses to start with %j (missing %s) and says why',
    async (env, missing) => {
      const { code, stderr } = await start(env);
      expect(code).toBe(1);
      expect(stderr).toContain(MEMBERSHIP_CONFIG_MISSING);
      expect(stderr).toContain(`missing: ${missing}`);
    },
    30_000,
  );
});
