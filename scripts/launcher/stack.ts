// Starting and stopping the whole stack: auth first, then the other services, then the gateway.
import path from 'node:path';
import { spawnChild, stopChild, type Child } from './children.js';
import type { LauncherConfig } from './config.js';
import type { Deployable } from './deployables.js';
import { childEnv, internalUrl, type Assigned } from './env.js';
import { formatPrefix, type Logger } from './output.js';
import { findFreePort, isPortOpen, waitForHttp } from './ports.js';

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

/** The gateway gets PORT; every other deployable a free port picked now. */
export async function assignPorts(
  deployables: readonly Deployable[],
  gatewayPort: number,
): Promise<Assigned[]> {
  if (await isPortOpen(gatewayPort)) {
    throw new Error(
      `Port ${gatewayPort} is already in use. Stop what uses it, or pick another: PORT=8081 pnpm start`,
    );
  }
  const taken = new Set([gatewayPort]);
  const assigned: Assigned[] = [];
  for (const d of deployables) {
    let port = gatewayPort;
    if (d.role !== 'gateway') {
      do port = await findFreePort();
      while (taken.has(port));
      taken.add(port);
    }
    assigned.push({ ...d, port });
  }
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

  constructor(
    private readonly stack: readonly Assigned[],
    private readonly options: StackOptions,
  ) {}

  /** Starts everything in order; resolves when the gateway answers /api/health. */
  async start(onUnexpectedExit: (child: Child) => void): Promise<void> {
    const spawnOne = (d: Assigned, index: number): Child => {
      const { root, config, env, redisUrl, color, log, width, format } = this.options;
      log.info(`starting ${d.name} (${d.dir}) on port ${d.port}`);
      const child = spawnChild(
        d.name,
        process.execPath,
        nodeArgs(d.dir, config.watch),
        { cwd: root, env: childEnv(env, d, this.stack, config, redisUrl, root) },
        formatPrefix(d.name, width, index, color),
        format,
      );
      void child.exited.then(() => {
        if (!this.stopping) onUnexpectedExit(child);
      });
      this.children.push(child);
      return child;
    };
    const ready = (d: Assigned, child: Child, urlPath: string) =>
      waitForHttp(`${internalUrl(d.port)}${urlPath}`, {
        timeoutMs: READY_TIMEOUT_MS,
        abortReason: () =>
          this.stopping
            ? 'stopping'
            : child.exit !== undefined
              ? `${d.name} exited while starting (${child.exit})`
              : undefined,
      });

    const groups = [
      this.stack.filter((d) => d.role === 'auth'),
      this.stack.filter((d) => d.role === 'service' || d.role === 'worker'),
      this.stack.filter((d) => d.role === 'gateway'),
    ];
    let index = 0;
    for (const group of groups) {
      await Promise.all(
        group.map((d) => {
          const child = spawnOne(d, index++);
          return ready(d, child, d.role === 'gateway' ? '/api/health' : '/readyz');
        }),
      );
    }
  }

  /** SIGTERM to every child, SIGKILL after `graceMs`; resolves when all have exited. */
  async stop(graceMs = 10_000): Promise<void> {
    this.stopping = true;
    await Promise.all(this.children.map((c) => stopChild(c, graceMs)));
  }
}
