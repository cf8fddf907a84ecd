import { renameSync, writeFileSync } from 'node:fs';
import { retryConnectionsGlobally } from './connect.js';
import { setTimeout as sleep } from 'node:timers/promises';
import { beginDrain, type App } from './http.js';

export interface RunOptions {
  app: App;
  port: number;
  host: string;
  /** Stop waiting for in-flight work after this long (default 10 s). */
  shutdownTimeoutMs?: number;
  /**
   * How long a stop keeps serving, every answer closing its connection, before it closes the
   * listener: the HTTP keep-alive timeout, after which a client has dropped any idle connection
   * to this process by itself, so none is cut while a request is on its way. 0 under the
   * embedded launcher, which has no balancer to drain from.
   */
  drainMs?: number;
}

/** The longest drain: Fastify's own keep-alive default (72 s) is far longer than the kit's 5 s. */
const MAX_DRAIN_MS = 10_000;

/** What happens when the parent's pipe closes: exit while starting, a graceful stop once running. */
let onParentGone: () => void = () => process.exit(1);

/**
 * With EXIT_WHEN_STDIN_CLOSES=1 (the embedded launcher sets it, and gives each child a pipe as
 * stdin that it never writes to), the process stops when stdin closes: the launcher died, even by
 * SIGKILL, which can pass no signal on. Without it (a container, a terminal) stdin is left alone.
 */
export function watchParentPipe(
  env: Record<string, string | undefined> = process.env,
  stdin: NodeJS.ReadableStream = process.stdin,
): void {
  if (env.EXIT_WHEN_STDIN_CLOSES !== '1') return;
  stdin.on('error', () => onParentGone());
  stdin.on('end', () => onParentGone());
  stdin.on('data', () => {}); // read (and drop) anything, so that 'end' comes
}

/**
 * Listens, then stops on SIGTERM or SIGINT, or when the launcher that started it is gone
 * (watchParentPipe): drains (see `drainMs`), then closes the app (and with it every resource
 * registered in onClose hooks), finishing in-flight requests. A second signal, or the timeout,
 * exits at once.
 */
export async function runService({
  app,
  port,
  host,
  shutdownTimeoutMs = 10_000,
  drainMs,
}: RunOptions) {
  await app.listen({ port, host });
  reportPort(app);
  let stopping: string | undefined;
  const stop = async (signal: NodeJS.Signals | 'parent gone') => {
    // Stopping because the parent is gone: its watchdog's SIGTERM that follows is no second signal.
    if (stopping) {
      if (stopping !== 'parent gone' && signal !== 'parent gone') process.exit(1);
      return;
    }
    stopping = signal;
    const drain =
      signal === 'parent gone'
        ? 0
        : (drainMs ??
          (process.env.EXIT_WHEN_STDIN_CLOSES === '1'
            ? 0
            : Math.min(app.server.keepAliveTimeout, MAX_DRAIN_MS)));
    app.log.info({ signal, drainMs: drain }, 'shutting down');
    const timer = setTimeout(() => {
      app.log.error('shutdown timed out');
      process.exit(1);
    }, drain + shutdownTimeoutMs);
    timer.unref();
    try {
      beginDrain(app);
      await sleep(drain);
      await app.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  onParentGone = () => void stop('parent gone');
  return app;
}

/**
 * For main.ts: run `start`, and turn a startup failure into one readable line and exit 1. Every
 * `fetch` of the process retries a connection nobody accepted (a replica being replaced).
 */
export function main(start: () => Promise<unknown>): void {
  watchParentPipe();
  retryConnectionsGlobally();
  start().catch((err: unknown) => {
    console.error(err instanceof Error ? `${err.name}: ${err.message}` : err);
    process.exit(1);
  });
}

/**
 * With PORT=0 the OS picks a free port; when PORT_FILE is set (the embedded launcher does), the
 * bound port is written there atomically, so stacks started side by side can never collide.
 */
function reportPort(app: App): void {
  const file = process.env.PORT_FILE;
  const address = app.server.address();
  if (!file || !address || typeof address !== 'object') return;
  writeFileSync(`${file}.tmp`, String(address.port));
  renameSync(`${file}.tmp`, file);
}
