// The embedded launcher: `pnpm start` runs the whole product on one machine with no env at all;
// `pnpm dev` does the same with every child under `node --watch`. See README.md.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { killGroup, startWatchdog } from './launcher/children.js';
import { readLauncherConfig } from './launcher/config.js';
import { lockDataDir } from './launcher/data-lock.js';
import { discoverDeployables, withWorkerCopies } from './launcher/deployables.js';
import { internalUrl } from './launcher/env.js';
import { formatPrefix, launcherLogger, prettyLogLine, type Logger } from './launcher/output.js';
import {
  redactUrl,
  resolveRedis,
  startRedisServer,
  systemRedisDeps,
  type RedisChoice,
} from './launcher/redis.js';
import { assignPorts, Stack } from './launcher/stack.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const color = Boolean(process.stdout.isTTY) && !process.env.NO_COLOR;
let log: Logger = launcherLogger('launcher'.length, color);

let stack: Stack | undefined;
let redis: Promise<RedisChoice> | undefined;
let releaseDataDir: (() => Promise<void>) | undefined;
let exiting = false;

async function shutdown(code: number, reason?: string): Promise<never> {
  if (exiting) return new Promise<never>(() => {});
  exiting = true;
  if (reason) (code === 0 ? log.info : log.error)(reason);
  if (stack || redis) {
    log.info('stopping…');
    await stack?.stop();
    const started = await redis?.catch(() => undefined);
    await started?.stop?.();
    log.info(code === 0 ? 'stopped' : 'stopped after an error');
  }
  await releaseDataDir?.().catch(() => {});
  process.exit(code);
}

let firstSignalAt = 0;

function onSignal(signal: NodeJS.Signals): void {
  if (exiting) {
    // tsx and pnpm relay the terminal's Ctrl-C a moment after it reached us: not a second press.
    if (Date.now() - firstSignalAt < 1500) return;
    log.error(`${signal} again: killing every child now`);
    for (const child of stack?.children ?? []) killGroup(child);
    process.exit(1);
  }
  firstSignalAt = Date.now();
  void shutdown(0, `${signal} received`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function main(): Promise<void> {
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  process.on('SIGHUP', onSignal);
  process.on(
    'uncaughtException',
    (error) => void shutdown(1, `launcher crashed: ${error.stack ?? error}`),
  );
  // Orphaned (what ran us died without passing a signal on, as pnpm 10 does with SIGTERM): stop too.
  const parent = process.ppid;
  setInterval(() => {
    if (!isAlive(parent)) void shutdown(0, 'the process that started the launcher is gone');
  }, 1000).unref();

  const config = readLauncherConfig(process.env, process.argv.slice(2), process.cwd());
  const deployables = withWorkerCopies(discoverDeployables(root), config.routingWorkers);
  if (!deployables.some((d) => d.role === 'gateway')) {
    throw new Error(
      'apps/gateway/src/main.ts not found: nothing to serve. Run pnpm install in a full checkout.',
    );
  }
  const width = Math.max('launcher'.length, ...deployables.map((d) => d.name.length));
  log = launcherLogger(width, color);
  mkdirSync(config.dataDir, { recursive: true });
  releaseDataDir = await lockDataDir(
    config.dataDir,
    { url: `http://localhost:${config.port}` },
    {
      onCompromised: (error) =>
        void shutdown(
          1,
          `lost the lock on DATA_DIR ${config.dataDir} (${error.message}); stopping everything`,
        ),
    },
    log.info,
  );
  // Stops every child (and our redis-server) should this process be killed with SIGKILL.
  const watchdog = startWatchdog();

  const redisPrefix = formatPrefix('redis', width, deployables.length, color);
  redis = resolveRedis(process.env, config.dataDir, {
    ...systemRedisDeps,
    start: (binary, dir) => startRedisServer(binary, dir, redisPrefix, watchdog),
  });
  const { url: redisUrl, source } = await redis;
  log.info(`Redis: ${redactUrl(redisUrl)} (${source})`);
  const assigned = await assignPorts(deployables, config.port);
  const format = process.env.LOG_FORMAT === 'json' ? undefined : prettyLogLine;
  stack = new Stack(assigned, {
    root,
    config,
    env: process.env,
    redisUrl,
    log,
    color,
    width,
    format,
    watchdog,
  });
  await stack.start({
    onGiveUp: (message) => void shutdown(1, message),
  });

  const column = width + 2;
  const lines = [
    `OneETA is running at http://localhost:${config.port}`,
    ...assigned.map((d) => `  ${d.name.padEnd(column)}${internalUrl(d.port)}`),
    `  ${'redis'.padEnd(column)}${redactUrl(redisUrl)} (${source}, prefix "${config.redisPrefix}")`,
    `  ${'data'.padEnd(column)}${config.dataDir}`,
    config.watch ? 'Watching for changes. Press Ctrl-C to stop.' : 'Press Ctrl-C to stop.',
  ];
  process.stdout.write(`\n${lines.join('\n')}\n\n`);
}

main().catch((error: unknown) => {
  if (exiting) return;
  void shutdown(1, error instanceof Error ? error.message : String(error));
});
