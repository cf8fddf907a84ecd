// Starting and stopping the whole stack: auth first, then the other services, then the gateway.
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { spawnChild, stopChild, type Child } from './children.js';
import type { LauncherConfig } from './config.js';
import type { Deployable } from './deployables.js';
import { childEnv, internalUrl, type Assigned } from './env.js';
import { formatPrefix, type Logger } from './output.js';
import { isPortOpen, waitForHttp, waitForPortFile } from './ports.js';
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
}

/** The gateway gets PORT; every other deployable binds port 0 and reports what the OS gave it. */
export async function assignPorts(
  deployables: readonly Deployable[],
  gatewayPort: number,
): Promise<Assigned[]> {
  if (await isPortOpen(gatewayPort)) {
    throw new Error(
      `Port ${gatewayPort} is already in use. Stop what uses it, or pick another: PORT=8081 pnpm start`,
    );
  }
  return deployables.map((d) => ({ ...d, port: d.role === 'gateway' ? gatewayPort : 0 }));
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
  /** The `vite build` of apps/web while it runs. */
  private webBuild: ChildProcess | undefined;
  private readonly portDir = mkdtempSync(path.join(tmpdir(), 'oneeta-ports-'));

  constructor(
    private readonly stack: readonly Assigned[],
    private readonly options: StackOptions,
  ) {}

  /** Starts everything in order; resolves when the gateway answers /api/health. */
  async start(onUnexpectedExit: (child: Child) => void): Promise<void> {
    const spawnOne = (d: Assigned, index: number): Child => {
      const { root, config, env, redisUrl, color, log, width, format } = this.options;
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
      void child.exited.then(() => {
        if (!this.stopping) onUnexpectedExit(child);
      });
      this.children.push(child);
      return child;
    };
    const ready = async (d: Assigned, child: Child, urlPath: string) => {
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
      await waitForHttp(`${internalUrl(d.port)}${urlPath}`, wait);
    };

    // The web app builds (when stale) while the services start; the gateway serves it once built.
    const { root, log, env, width, color } = this.options;
    const web = ensureWebBuild({
      root,
      log,
      env,
      prefix: formatPrefix('web', width, this.stack.length, color),
      onProcess: (proc) => (this.webBuild = proc),
    });

    const groups = [
      this.stack.filter((d) => d.role === 'auth'),
      this.stack.filter((d) => d.role === 'service'),
      this.stack.filter((d) => d.role === 'worker'),
      this.stack.filter((d) => d.role === 'gateway'),
    ];
    let index = 0;
    for (const group of groups) {
      if (group.some((d) => d.role === 'gateway')) await web;
      await Promise.all(
        group.map((d) => {
          const child = spawnOne(d, index++);
          return ready(d, child, d.role === 'gateway' ? '/api/health' : '/readyz');
        }),
      );
    }
    await web;
  }

  /** SIGTERM to every child, SIGKILL after `graceMs`; resolves when all have exited. */
  async stop(graceMs = 10_000): Promise<void> {
    this.stopping = true;
    if (this.webBuild && this.webBuild.exitCode === null) this.webBuild.kill('SIGTERM');
    await Promise.all(this.children.map((c) => stopChild(c, graceMs)));
    rmSync(this.portDir, { recursive: true, force: true });
  }
}
