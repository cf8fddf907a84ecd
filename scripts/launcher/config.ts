// Launcher settings read from the environment and argv. Pure: no I/O.
import { randomBytes } from 'node:crypto';
import path from 'node:path';

export interface LauncherConfig {
  /** Public port of the gateway. */
  port: number;
  /** Interface the gateway binds to; internal services always bind to 127.0.0.1. */
  host: string;
  /** Absolute data directory (PGlite data per service, the launcher's own Redis). */
  dataDir: string;
  redisPrefix: string;
  internalToken: string;
  /** Set by `pnpm dev`: children run under `node --watch`. */
  watch: boolean;
  /** ROUTING_WORKERS: how many route-matrix worker processes to run (default 1). */
  routingWorkers: number;
}

type Env = Record<string, string | undefined>;

export function readLauncherConfig(env: Env, argv: readonly string[], cwd: string): LauncherConfig {
  const port = Number(env.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    throw new Error(`PORT must be a port number between 1 and 65535, got "${env.PORT}"`);
  }
  const routingWorkers = Number(env.ROUTING_WORKERS ?? 1);
  if (!Number.isInteger(routingWorkers) || routingWorkers < 1 || routingWorkers > 16) {
    throw new Error(
      `ROUTING_WORKERS must be a whole number from 1 to 16, got "${env.ROUTING_WORKERS}"`,
    );
  }
  return {
    routingWorkers,
    port,
    host: env.HOST || '127.0.0.1',
    dataDir: path.resolve(cwd, env.DATA_DIR || '.data'),
    redisPrefix: env.REDIS_PREFIX || 'oneeta',
    internalToken: env.INTERNAL_TOKEN || randomBytes(24).toString('hex'),
    watch: argv.includes('--watch'),
  };
}
