// Spawning child processes with prefixed output, and stopping them.
import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { pipeLines } from './output.js';

export interface Child {
  name: string;
  proc: ChildProcess;
  /** Set once the process has exited: `code 1`, `signal SIGKILL`. */
  exit?: string;
  exited: Promise<void>;
}

export function spawnChild(
  name: string,
  command: string,
  args: readonly string[],
  options: Pick<SpawnOptions, 'cwd' | 'env'>,
  prefix: string,
  format?: (line: string) => string,
): Child {
  // Own process group: a Ctrl-C in the terminal reaches only the launcher, which then stops each
  // child once (a second signal makes a service skip its graceful close). stdin is a pipe the
  // launcher never writes to: it closes when the launcher dies, however it dies, and a service
  // stops then (service-kit, EXIT_WHEN_STDIN_CLOSES).
  const proc = spawn(command, args, {
    ...options,
    detached: true,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  proc.stdin?.on('error', () => {});
  const child: Child = { name, proc, exited: Promise.resolve() };
  child.exited = new Promise((resolve) => {
    proc.once('error', (error) => {
      child.exit ??= `error ${error.message}`;
      resolve();
    });
    proc.once('exit', (code, signal) => {
      child.exit = signal ? `signal ${signal}` : `code ${code}`;
      resolve();
    });
  });
  if (proc.stdout) pipeLines(proc.stdout, prefix, process.stdout, format);
  if (proc.stderr) pipeLines(proc.stderr, prefix, process.stderr, format);
  return child;
}

/** SIGTERM, then SIGKILL to its whole process group if it is still running after `graceMs`. */
export async function stopChild(child: Child, graceMs = 10_000): Promise<void> {
  if (child.exit !== undefined) return;
  child.proc.kill('SIGTERM');
  const timer = setTimeout(() => killGroup(child), graceMs);
  await child.exited;
  clearTimeout(timer);
}

/** SIGKILL to the child and anything it started (e.g. the process `node --watch` runs). */
export function killGroup(child: Child): void {
  try {
    if (child.proc.pid) process.kill(-child.proc.pid, 'SIGKILL');
  } catch {
    child.proc.kill('SIGKILL');
  }
}

/** Keeps the watchdog (watchdog.ts) told which process groups to stop if the launcher dies. */
export interface Watchdog {
  track(child: Child): void;
}

export function startWatchdog(): Watchdog {
  const script = path.join(path.dirname(fileURLToPath(import.meta.url)), 'watchdog.ts');
  const proc = spawn(process.execPath, ['--import', 'tsx', script], {
    detached: true,
    stdio: ['pipe', 'ignore', 'inherit'],
  });
  proc.unref();
  proc.stdin?.on('error', () => {});
  const send = (line: string) => {
    if (proc.stdin?.writable) proc.stdin.write(`${line}\n`);
  };
  return {
    track(child) {
      const pid = child.proc.pid;
      if (!pid) return;
      send(`+${pid}`);
      void child.exited.then(() => send(`-${pid}`));
    },
  };
}
