// The environment each child process gets. Pure: no I/O.
import path from 'node:path';
import type { LauncherConfig } from './config.js';
import type { Deployable } from './deployables.js';

type Env = Record<string, string | undefined>;

export interface Assigned extends Deployable {
  port: number;
}

/** Services besides auth that hand browsers links to the web app (PUBLIC_URL). */
const PUBLIC_URL_READERS = new Set(['notification', 'communication', 'billing']);

export const internalUrl = (port: number): string => `http://127.0.0.1:${port}`;

/** `{ AUTH_URL: 'http://127.0.0.1:40123', ... }` for every service with an API. */
export function serviceUrls(stack: readonly Assigned[]): Record<string, string> {
  const urls: Record<string, string> = {};
  for (const d of stack) if (d.urlEnv) urls[d.urlEnv] = internalUrl(d.port);
  return urls;
}

/**
 * The user's environment (so provider keys like AZURE_MAPS_KEY pass through), overridden by what
 * the launcher decides: port, host, data dir, Redis, token and every service URL.
 */
export function childEnv(
  base: Env,
  child: Assigned,
  stack: readonly Assigned[],
  config: LauncherConfig,
  redisUrl: string,
  root: string,
  portFile?: string,
): Env {
  const env: Env = {
    ...base,
    ...serviceUrls(stack),
    PORT: String(child.port),
    HOST: child.role === 'gateway' ? config.host : '127.0.0.1',
    DATA_DIR: config.dataDir,
    REDIS_URL: redisUrl,
    REDIS_PREFIX: config.redisPrefix,
    INTERNAL_TOKEN: config.internalToken,
    // stdin is a pipe from the launcher: the child stops when it closes (the launcher died).
    EXIT_WHEN_STDIN_CLOSES: '1',
    ...(portFile ? { PORT_FILE: portFile } : {}),
  };
  // E-mail links (auth's verification, notification's invites), the chat endpoint browsers are
  // given (communication) and the checkout and portal pages (billing) point at the gateway's public
  // address unless PUBLIC_URL says otherwise.
  if (child.role === 'auth' || PUBLIC_URL_READERS.has(child.name))
    env.PUBLIC_URL = base.PUBLIC_URL || `http://localhost:${config.port}`;
  // The embedded stack sells plans through the local test-mode checkout unless told otherwise
  // (BILLING_PROVIDER, or Stripe's key): billing itself never picks it on its own.
  if (child.name === 'billing' && !base.BILLING_PROVIDER && !base.STRIPE_SECRET_KEY)
    env.BILLING_PROVIDER = 'local';
  if (child.role === 'gateway') {
    env.WEB_DIST = path.resolve(root, base.WEB_DIST || 'apps/web/dist');
  }
  return env;
}
