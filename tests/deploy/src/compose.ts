// The stack under test: docker-compose.yml as an operator runs it, plus an override written here
// that names the images `pnpm images` built, lifts the per-address limits for the load, shortens
// the health-check interval and the live-check period, and publishes the proxy on a loopback port.
// Every call goes through `docker compose -p <project>`; `down` removes containers and volumes.
import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { waitUntil } from '@oneeta/faults/wait';
import { call } from '@oneeta/faults/world';
import { stringify } from 'yaml';

const run = promisify(execFile);
export const DOCKER = process.env.DOCKER ?? 'docker';

/** How many of each the deployment test runs (the issue: 2 of every service, 3 route workers). */
export const REPLICAS: Readonly<Record<string, number>> = {
  gateway: 2,
  auth: 2,
  session: 2,
  routing: 2,
  'routing-worker': 3,
  communication: 2,
  notification: 2,
  billing: 2,
  admin: 2,
};

export interface Container {
  id: string;
  name: string;
  service: string;
  ip: string;
  health: string;
}

export interface Stack {
  project: string;
  port: number;
  base: string;
  compose: (...args: string[]) => Promise<string>;
  docker: (...args: string[]) => Promise<string>;
  containers: (service?: string) => Promise<Container[]>;
}

/** The override file: images by tag, test settings, quick health checks. */
function override(imagePrefix: string, port: number): string {
  const fast = { interval: '2s', timeout: '5s', retries: 15, start_period: '60s' };
  const services: Record<string, unknown> = {
    proxy: { ports: [`127.0.0.1:${port}:8080`] },
    gateway: {
      image: `${imagePrefix}gateway:latest`,
      healthcheck: fast,
      environment: { RATE_LIMIT_PER_MINUTE: '100000', WS_MAX_CONNECTIONS_PER_IP: '1000' },
    },
  };
  for (const name of Object.keys(REPLICAS).filter((n) => n !== 'gateway')) {
    services[name] = {
      image: `${imagePrefix}${name}:latest`,
      healthcheck: fast,
      environment: {
        ...(name === 'auth' ? { AUTH_MAX_PER_IP_PER_MINUTE: '100000' } : {}),
        ...(name === 'billing' ? { BILLING_PROVIDER: 'local' } : {}),
        ...(name === 'session'
          ? {
              LIVE_CHECK_INTERVAL_MS: '3000',
              ROUTE_JOB_DEBOUNCE_MS: '200',
              ROUTE_COALESCE_MS: '200',
            }
          : {}),
      },
    };
  }
  return stringify({ services });
}

export function defineStack(options: {
  root: string;
  project: string;
  port: number;
  internalToken: string;
  imagePrefix?: string;
}): Stack {
  const dir = mkdtempSync(path.join(tmpdir(), 'oneeta-deploy-'));
  const overrideFile = path.join(dir, 'compose.override.yml');
  writeFileSync(overrideFile, override(options.imagePrefix ?? 'oneeta-', options.port));
  const env = { ...process.env, INTERNAL_TOKEN: options.internalToken, LOG_LEVEL: 'warn' };
  const docker = async (...args: string[]) => {
    const { stdout } = await run(DOCKER, args, {
      cwd: options.root,
      env,
      maxBuffer: 64 * 1024 * 1024,
    });
    return stdout;
  };
  const compose = (...args: string[]) =>
    docker(
      'compose',
      '-p',
      options.project,
      '-f',
      'docker-compose.yml',
      '-f',
      overrideFile,
      ...args,
    );
  const containers = async (service?: string): Promise<Container[]> => {
    const ids = (await compose('ps', '-q', ...(service ? [service] : [])))
      .split('\n')
      .filter(Boolean);
    if (ids.length === 0) return [];
    const format = // (a container without a health check, the balancer's, has no State.Health)
      '{{.Id}}\t{{.Name}}\t{{index .Config.Labels "com.docker.compose.service"}}\t' +
      '{{range .NetworkSettings.Networks}}{{.IPAddress}}{{end}}\t' +
      '{{with index .State "Health"}}{{.Status}}{{else}}{{.State.Status}}{{end}}';
    return (await docker('inspect', '--format', format, ...ids))
      .split('\n')
      .filter(Boolean)
      .map((line) => {
        const [id, name, svc, ip, health] = line.split('\t') as [
          string,
          string,
          string,
          string,
          string,
        ];
        return { id, name: name.replace(/^\//, ''), service: svc, ip, health };
      });
  };
  return {
    project: options.project,
    port: options.port,
    base: `http://127.0.0.1:${options.port}`,
    compose,
    docker,
    containers,
  };
}

/**
 * `docker compose up` with the replica counts, waiting until every container is healthy and the
 * public port answers (the balancer has no health check of its own).
 */
export async function up(stack: Stack, timeoutSeconds = 300): Promise<void> {
  const scale = Object.entries(REPLICAS).flatMap(([name, n]) => ['--scale', `${name}=${n}`]);
  await stack.compose(
    'up',
    '-d',
    '--no-build',
    '--wait',
    '--wait-timeout',
    String(timeoutSeconds),
    ...scale,
  );
  await waitUntil(
    async () => (await call(`${stack.base}/api/health`)).status === 200,
    60_000,
    `the balancer answers on ${stack.base}`,
    500,
  );
}

export async function down(stack: Stack): Promise<void> {
  await stack.compose('down', '-v', '--remove-orphans', '-t', '20');
}
