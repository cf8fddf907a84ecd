// `scripts/start.ts` (what `pnpm start` runs) as a child process, for the harnesses that drive a
// whole stack from outside: the browser tests, the fault scenarios and `pnpm bench:web`.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';

/** Variables of the harness's own process a stack must not inherit. */
const HARNESS_ONLY = [
  'HOST',
  'NODE_OPTIONS',
  'VITEST',
  'VITEST_MODE',
  'VITEST_POOL_ID',
  'VITEST_WORKER_ID',
];

/** The harness's environment without `drop` (and its test runner's variables), with `set` over it. */
export function childEnv(
  set: Record<string, string>,
  drop: readonly string[] = [],
): Record<string, string | undefined> {
  const env: Record<string, string | undefined> = { ...process.env };
  for (const key of [...HARNESS_ONLY, ...drop]) delete env[key];
  return { ...env, ...set };
}

export interface ChildStackOptions {
  /** The repository's root (where scripts/start.ts is). */
  root: string;
  /** The gateway's port: the stack's PORT, whose banner is waited for. */
  port: number;
  env: Record<string, string | undefined>;
  /** Echo the launcher's output to stderr as it comes (the harness's *_STACK_LOG variable). */
  echo?: boolean;
}

export interface ChildStack {
  proc: ChildProcess;
  /** The gateway, e.g. http://127.0.0.1:40123. */
  base: string;
  output: () => string;
  exited: Promise<number | null>;
  /** SIGTERM (SIGKILL after 30 s), and wait for the launcher to stop every child. Safe to call again. */
  stop: () => Promise<number | null>;
}

/** Starts the stack without waiting for it (a test of a launcher that must refuse to start). */
export function spawnChildStack(options: ChildStackOptions): ChildStack {
  const proc = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], {
    cwd: options.root,
    env: options.env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const append = (chunk: Buffer) => {
    output += chunk.toString();
    if (options.echo) process.stderr.write(chunk);
  };
  proc.stdout!.on('data', append);
  proc.stderr!.on('data', append);
  const exited = once(proc, 'exit').then(([code]) => code as number | null);
  let running = true;
  void exited.then(() => (running = false));
  return {
    proc,
    base: `http://127.0.0.1:${options.port}`,
    output: () => output,
    exited,
    stop: async () => {
      if (running) proc.kill('SIGTERM');
      const timer = setTimeout(() => proc.kill('SIGKILL'), 30_000);
      const code = await exited;
      clearTimeout(timer);
      return code;
    },
  };
}

/**
 * Starts the stack and resolves once the launcher's banner shows (it follows /api/health and lists
 * every port). When it exits or times out first, it is killed and the error carries its output.
 */
export async function startChildStack(
  options: ChildStackOptions & {
    /** How long the stack may take to come up. */
    timeoutMs: number;
    /** More to wait for in the output once the banner shows. */
    ready?: (output: string) => boolean;
  },
): Promise<ChildStack> {
  const stack = spawnChildStack(options);
  let exitCode: number | null | undefined;
  void stack.exited.then((code) => (exitCode = code));
  const banner = `OneETA is running at http://localhost:${options.port}`;
  const deadline = Date.now() + options.timeoutMs;
  try {
    for (;;) {
      const output = stack.output();
      if (output.includes(banner) && (!options.ready || options.ready(output))) return stack;
      if (exitCode !== undefined)
        throw new Error(`the launcher exited with ${exitCode} while starting`);
      if (Date.now() > deadline)
        throw new Error(`the stack was not up after ${options.timeoutMs / 1000} s`);
      await sleep(200);
    }
  } catch (error) {
    stack.proc.kill('SIGKILL');
    await stack.exited;
    throw new Error(`${(error as Error).message}\n--- launcher output ---\n${stack.output()}`, {
      cause: error,
    });
  }
}
