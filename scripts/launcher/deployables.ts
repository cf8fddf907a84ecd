// Which processes make up the stack. Discovered from the tree: every `services/*/src/main.ts`
// plus `apps/gateway`, so a new service is picked up by creating it.
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';

export type Role = 'auth' | 'service' | 'worker' | 'gateway';

export interface Deployable {
  /** Short name used as the log prefix, e.g. `auth`, `routing-worker`, `gateway`. */
  name: string;
  /** Directory relative to the repo root, e.g. `services/auth`. */
  dir: string;
  role: Role;
  /** Env variable that carries this service's base URL to the others (`SESSION_URL`); none for workers and the gateway. */
  urlEnv?: string;
}

/** `session` → `SESSION_URL`; `routing-worker` → none (workers expose no API). */
export function urlEnvFor(name: string): string | undefined {
  if (name.endsWith('-worker')) return undefined;
  return `${name.replace(/-/g, '_').toUpperCase()}_URL`;
}

export function describe(dir: string): Deployable {
  const name = path.basename(dir);
  if (dir === 'apps/gateway') return { name: 'gateway', dir, role: 'gateway' };
  const urlEnv = urlEnvFor(name);
  const role: Role = name === 'auth' ? 'auth' : urlEnv ? 'service' : 'worker';
  return urlEnv ? { name, dir, role, urlEnv } : { name, dir, role };
}

/**
 * Services that call other services' APIs at run time: a child gets the URLs of those started
 * before it (the others bind port 0 and report their port later), so these start after them.
 */
export const CALLS_SERVICES: Readonly<Record<string, readonly string[]>> = {
  admin: ['session'],
  communication: ['session'],
  notification: ['session'],
};

/** 0 for a service that calls none, else one more than the deepest service it calls. */
export function callDepth(name: string, seen: ReadonlySet<string> = new Set()): number {
  const called = (CALLS_SERVICES[name] ?? []).filter((n) => !seen.has(n));
  return called.length === 0
    ? 0
    : 1 + Math.max(...called.map((n) => callDepth(n, new Set([...seen, name]))));
}

/**
 * Start order: auth, then the other services (alphabetical, except that a service comes after
 * those it calls: CALLS_SERVICES), then the workers (which call the services, so they need their
 * URLs), then the gateway.
 */
export function orderDeployables(dirs: readonly string[]): Deployable[] {
  const rank: Record<Role, number> = { auth: 0, service: 1, worker: 2, gateway: 3 };
  return dirs
    .map(describe)
    .sort(
      (a, b) =>
        rank[a.role] - rank[b.role] ||
        callDepth(a.name) - callDepth(b.name) ||
        a.name.localeCompare(b.name),
    );
}

/** Directories (relative to root) that have a `src/main.ts`. */
export function discoverDeployables(root: string): Deployable[] {
  const servicesDir = path.join(root, 'services');
  const services = existsSync(servicesDir)
    ? readdirSync(servicesDir, { withFileTypes: true })
        .filter((d) => d.isDirectory())
        .map((d) => `services/${d.name}`)
    : [];
  const dirs = [...services, 'apps/gateway'].filter((dir) =>
    existsSync(path.join(root, dir, 'src/main.ts')),
  );
  return orderDeployables(dirs);
}

/** Each worker `copies` times: `routing-worker`, `routing-worker-2`, … (ROUTING_WORKERS). */
export function withWorkerCopies(deployables: readonly Deployable[], copies: number): Deployable[] {
  return deployables.flatMap((d) =>
    d.role === 'worker'
      ? Array.from({ length: copies }, (_, i) => ({
          ...d,
          name: i === 0 ? d.name : `${d.name}-${i + 1}`,
        }))
      : [d],
  );
}
