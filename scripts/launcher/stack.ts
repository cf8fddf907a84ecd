// Starting and stopping the whole stack: auth first, then the other services, then the gateway.
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { spawnChild, stopChild, type Child, type Watchdog } from './children.js';
import type { LauncherConfig } from './config.js';
import { callDepth, type Deployable } from './deployables.js';
import { childEnv, internalUrl, type Assigned } from './env.js';
import { formatPrefix, type Logger } from './output.js';
import { findFreePort, isPortOpen, waitForHttp, waitForPortFile } from './ports.js';
import { CrashHistory, DEFAULT_RESTART_POLICY, type RestartPolicy } from './restart-policy.js';
import { ensureWebBuild } from './web-build.js';

const READY_TIMEOUT_MS = 120_000;

export interface StackOptions {
  root: string;
  config: LauncherConfig;
  env: Record<string, string | undefined>;
  redisUrl: string;
  log: Logger;
  color: boolean;
  /** Width of the name column in the output. */
  width: number;
  /** Applied to every output line of a child (pretty pino logs unless LOG_FORMAT=json). */
  format?: (line: string) => string;
  /** When a crashed child is started again, and when the stack gives up (restart-policy.ts). */
  restart?: RestartPolicy;
  /** Told about every child, to stop them all should the launcher die (children.ts). */
  watchdog?: Watchdog;
}

/** What the stack reports once it is up. */
export interface StackEvents {
  /** A child exited on its own (it is restarted unless it crash-loops). */
  onCrash?: (child: Child) => void;
  /** A child came back after a crash and answers its readiness check again. */
  onRecovered?: (child: Child, downMs: number) => void;
  /** A child crash-looped: the stack must stop, and `message` says why. */
  onGiveUp: (message: string) => void;
}

/**
 * The gateway gets PORT; every other deployable a free port chosen now, so each child is started
 * knowing every service's URL (auth, started first, asks all of them for a data export).
 */
export async function assignPorts(
  deployables: readonly Deployable[],
  gatewayPort: number,
): Promise<Assigned[]> {
  if (await isPortOpen(gatewayPort)) {
    throw new Error(
      `Port ${gatewayPort} is already in use. Stop what uses it, or pick another: PORT=8081 pnpm start`,
    );
  }
  const assigned: Assigned[] = [];
  for (const d of deployables)
    assigned.push({ ...d, port: d.role === 'gateway' ? gatewayPort : await findFreePort() });
  return assigned;
}

/** `node --conditions=@oneeta/source --import tsx [--watch] <dir>/src/main.ts` */
export function nodeArgs(dir: string, watch: boolean): string[] {
  const watchArgs = watch ? ['--watch', '--watch-preserve-output'] : [];
  return [
    '--conditions=@oneeta/source',
    '--import',
    'tsx',
    ...watchArgs,
    path.join(dir, 'src/main.ts'),
  ];
}

export class Stack {
  readonly children: Child[] = [];
  private stopping = false;
  /** Children that answered their readiness check once: from then on an exit means a restart. */
  private readonly wasReady = new WeakSet<Child>();
  private readonly restarts = new Set<NodeJS.Timeout>();
  /** The `vite build` of apps/web while it runs. */
  private webBuild: ChildProcess | undefined;
  private readonly portDir = mkdtempSync(path.join(tmpdir(), 'oneeta-ports-'));

  constructor(
    private readonly stack: readonly Assigned[],
    private readonly options: StackOptions,
  ) {}

  /**
   * Starts everything in order; resolves when the gateway answers /api/health. A child that exits
   * before its first readiness check fails the start; after it, a child that exits is restarted
   * with backoff (restart-policy.ts).
   */
  async start(events: StackEvents): Promise<void> {
    const { root, log, env, width, color } = this.options;
    // The web app builds (when stale) while the services start; the gateway serves it once built.
    const web = ensureWebBuild({
      root,
      log,
      env,
      prefix: formatPrefix('web', width, this.stack.length, color),
      onProcess: (proc) => (this.webBuild = proc),
    });

    // Services start together, except that one calling others (CALLS_SERVICES) waits for them.
    const services = this.stack.filter((d) => d.role === 'service');
    const depths = [...new Set(services.map((d) => callDepth(d.name)))].sort((a, b) => a - b);
    const groups = [
      this.stack.filter((d) => d.role === 'auth'),
      ...depths.map((depth) => services.filter((d) => callDepth(d.name) === depth)),
      this.stack.filter((d) => d.role === 'worker'),
      this.stack.filter((d) => d.role === 'gateway'),
    ];
    for (const group of groups) {
      if (group.some((d) => d.role === 'gateway')) await web;
      await Promise.all(
        group.map((d) => {
          const child = this.spawn(
            d,
            new CrashHistory(this.options.restart ?? DEFAULT_RESTART_POLICY),
            events,
          );
          return this.ready(d, child).then(() => void this.wasReady.add(child));
        }),
      );
    }
    await web;
  }

  private spawn(d: Assigned, history: CrashHistory, events: StackEvents, slot?: number): Child {
    const { root, config, env, redisUrl, color, log, width, format, watchdog } = this.options;
    const index = slot ?? this.children.length;
    if (slot === undefined)
      log.info(`starting ${d.name} (${d.dir})${d.port ? ` on port ${d.port}` : ''}`);
    const portFile = d.port ? undefined : path.join(this.portDir, d.name);
    const child = spawnChild(
      d.name,
      process.execPath,
      nodeArgs(d.dir, config.watch),
      { cwd: root, env: childEnv(env, d, this.stack, config, redisUrl, root, portFile) },
      formatPrefix(d.name, width, index, color),
      format,
    );
    watchdog?.track(child);
    const startedAt = Date.now();
    void child.exited.then(() => {
      // Exiting before its first readiness check fails the start instead (ready() reports it).
      if (this.stopping || (slot === undefined && !this.wasReady.has(child))) return;
      events.onCrash?.(child);
      const decision = history.crashed(Date.now(), startedAt);
      if (decision.action === 'give-up') {
        const { maxCrashes, windowMs } = this.options.restart ?? DEFAULT_RESTART_POLICY;
        events.onGiveUp(
          `${d.name} crashed ${maxCrashes} times within ${windowMs / 1000} s (last exit: ${child.exit}); stopping everything`,
        );
        return;
      }
      const crashedAt = Date.now();
      log.error(
        `${d.name} exited unexpectedly (${child.exit}); restarting it in ${decision.delayMs / 1000} s ` +
          `(crash ${decision.crashes} of ${(this.options.restart ?? DEFAULT_RESTART_POLICY).maxCrashes} allowed within the window)`,
      );
      const timer = setTimeout(() => {
        this.restarts.delete(timer);
        if (this.stopping) return;
        const next = this.spawn(d, history, events, index);
        this.ready(d, next).then(
          () => {
            const downMs = Date.now() - crashedAt;
            log.info(
              `${d.name} is back on port ${d.port} (${(downMs / 1000).toFixed(1)} s after it exited)`,
            );
            events.onRecovered?.(next, downMs);
          },
          () => {}, // it exited again: its own exit handler decides
        );
      }, decision.delayMs);
      this.restarts.add(timer);
    });
    if (slot === undefined) this.children.push(child);
    else this.children[slot] = child;
    return child;
  }

  private async ready(d: Assigned, child: Child): Promise<void> {
    const wait = {
      timeoutMs: READY_TIMEOUT_MS,
      abortReason: () =>
        this.stopping
          ? 'stopping'
          : child.exit !== undefined
            ? `${d.name} exited while starting (${child.exit})`
            : undefined,
    };
    if (!d.port) {
      d.port = await waitForPortFile(path.join(this.portDir, d.name), wait);
      this.options.log.info(`${d.name} listens on port ${d.port}`);
    }
    await waitForHttp(
      `${internalUrl(d.port)}${d.role === 'gateway' ? '/api/health' : '/readyz'}`,
      wait,
    );
  }

  /** SIGTERM to every child, SIGKILL after `graceMs`; resolves when all have exited. */
  async stop(graceMs = 10_000): Promise<void> {
    this.stopping = true;
    for (const timer of this.restarts) clearTimeout(timer);
    if (this.webBuild && this.webBuild.exitCode === null) this.webBuild.kill('SIGTERM');
    await Promise.all(this.children.map((c) => stopChild(c, graceMs)));
    rmSync(this.portDir, { recursive: true, force: true });
  }
}
