// `pnpm start` (scripts/start.ts) as a child process for one scenario: its own port, DATA_DIR,
// Redis (and Postgres when given), with the per-IP limits lifted for the burst.
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { childEnv, startChildStack } from '@oneeta/scripts/launcher/child';
import { findFreePort } from '@oneeta/scripts/ports';
import { listProcesses, processesWithEnv, type ProcessInfo } from '@oneeta/scripts/procs';

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
  const env = childEnv(
    {
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
      ROUTE_COALESCE_MS: '200',
      ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
    },
    ['DATABASE_URL'],
  );
  const stack = await startChildStack({
    root: repoRoot,
    port,
    env,
    timeoutMs: START_TIMEOUT_MS,
    echo: Boolean(process.env.FAULTS_STACK_LOG),
  });
  const { proc } = stack;

  return {
    proc,
    port,
    base: stack.base,
    dataDir: options.dataDir,
    internalToken,
    output: stack.output,
    exited: stack.exited,
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
    stop: stack.stop,
  };
}

/** Every live process of the stack on `dataDir` (the launcher, its watchdog, every child). */
export function stackProcesses(dataDir: string): ProcessInfo[] {
  return processesWithEnv('DATA_DIR', dataDir);
}
