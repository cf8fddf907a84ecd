// `pnpm start` (scripts/start.ts) as a child process for one scenario: its own port, DATA_DIR,
// Redis (and Postgres when given), with the per-IP limits lifted for the burst.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { findFreePort } from '@oneeta/scripts/ports';
import { listProcesses, processesWithEnv, type ProcessInfo } from '@oneeta/scripts/procs';
import { waitUntil } from './wait.js';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const START_TIMEOUT_MS = 180_000;

export interface StackOptions {
  dataDir: string;
  redisUrl: string;
  databaseUrl?: string;
  port?: number;
  internalToken?: string;
}

export interface Launched {
  proc: ChildProcess;
  port: number;
  base: string;
  dataDir: string;
  internalToken: string;
  output: () => string;
  exited: Promise<number | null>;
  /** The pid of the deployable `name` (e.g. session, routing-worker) the launcher runs now. */
  childPid: (name: string) => number | undefined;
  /** SIGTERM, and wait for the launcher to stop everything. */
  stop: () => Promise<number | null>;
}

export async function launch(options: StackOptions): Promise<Launched> {
  const port = options.port ?? (await findFreePort());
  const internalToken = options.internalToken ?? randomBytes(24).toString('hex');
  const env: Record<string, string | undefined> = {
    ...process.env,
    PORT: String(port),
    DATA_DIR: options.dataDir,
    REDIS_URL: options.redisUrl,
    REDIS_PREFIX: 'faults',
    INTERNAL_TOKEN: internalToken,
    LOG_LEVEL: 'warn',
    NO_COLOR: '1',
    NODE_ENV: 'development',
    AUTH_MAX_PER_IP_PER_MINUTE: '100000',
    RATE_LIMIT_PER_MINUTE: '100000',
    ROUTE_JOB_DEBOUNCE_MS: '200',
  };
  for (const key of ['DATABASE_URL', 'HOST', 'NODE_OPTIONS', 'VITEST', 'VITEST_MODE'])
    delete env[key];
  if (options.databaseUrl) env.DATABASE_URL = options.databaseUrl;

  const proc = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const append = (chunk: Buffer) => {
    output += chunk.toString();
    if (process.env.FAULTS_STACK_LOG) process.stderr.write(chunk);
  };
  proc.stdout!.on('data', append);
  proc.stderr!.on('data', append);
  const exited = once(proc, 'exit').then(([code]) => code as number | null);
  let exitCode: number | null | undefined;
  void exited.then((code) => (exitCode = code));

  const banner = `OneETA is running at http://localhost:${port}`;
  try {
    await waitUntil(
      () => {
        if (exitCode !== undefined)
          throw new Error(`the launcher exited with ${exitCode} while starting`);
        return output.includes(banner);
      },
      START_TIMEOUT_MS,
      'the stack is up',
      200,
    );
  } catch (error) {
    proc.kill('SIGKILL');
    throw new Error(`${(error as Error).message}\n--- launcher output ---\n${output}`, {
      cause: error,
    });
  }

  return {
    proc,
    port,
    base: `http://127.0.0.1:${port}`,
    dataDir: options.dataDir,
    internalToken,
    output: () => output,
    exited,
    childPid: (name) => {
      const dir = name.startsWith('routing-worker')
        ? 'services/routing-worker'
        : name === 'gateway'
          ? 'apps/gateway'
          : `services/${name}`;
      return listProcesses().find(
        (p) => p.ppid === proc.pid && p.cmdline.includes(`${dir}/src/main.ts`),
      )?.pid;
    },
    stop: async () => {
      if (exitCode === undefined) proc.kill('SIGTERM');
      const timer = setTimeout(() => proc.kill('SIGKILL'), 30_000);
      const code = await exited;
      clearTimeout(timer);
      return code;
    },
  };
}

/** Every live process of the stack on `dataDir` (the launcher, its watchdog, every child). */
export function stackProcesses(dataDir: string): ProcessInfo[] {
  return processesWithEnv('DATA_DIR', dataDir);
}
