// Settings no service's config schema declares: the launcher's, docker compose's and the tests'.
// docs/configuration.md lists them after the services' (scripts/config-docs/render.ts).

export interface Setting {
  /** Who reads it. */
  readBy: string;
  default: string;
  description: string;
}

export const launcherSettings: Record<string, Setting> = {
  ROUTING_WORKERS: {
    readBy: 'launcher',
    default: '1',
    description: 'Route-matrix worker processes `pnpm start` runs (1 to 16).',
  },
  LOG_FORMAT: {
    readBy: 'launcher',
    default: 'pretty',
    description: "`json` prints the services' logs unchanged instead of one short line each.",
  },
  PORT_FILE: {
    readBy: 'launcher, services',
    default: '',
    description:
      'Set by the launcher: an internal service listens on port 0 and writes the port it got to this file.',
  },
  EXIT_WHEN_STDIN_CLOSES: {
    readBy: 'launcher, services',
    default: '',
    description:
      'Set by the launcher: `1` makes a service stop gracefully when its stdin (a pipe from the launcher) closes.',
  },
  GATEWAY_PORT: {
    readBy: 'docker compose',
    default: '8080',
    description: 'The host port the gateway is published on.',
  },
  GATEWAY_TRUST_PROXY: {
    readBy: 'docker compose',
    default: 'uniquelocal',
    description:
      "The gateways' TRUST_PROXY: the balancer's network (the compose network). Add the address of a proxy in front of the balancer.",
  },
  POSTGRES_PASSWORD: {
    readBy: 'docker compose',
    default: 'oneeta',
    description: 'Password of the compose PostgreSQL.',
  },
  WORKER_REPLICAS: {
    readBy: 'docker compose',
    default: '2',
    description: 'Routing-worker replicas.',
  },
  TEST_DATABASE_URL: {
    readBy: 'tests',
    default: '',
    description:
      'Run database tests on this PostgreSQL server (a throwaway database per test file) instead of in-memory PGlite (unset).',
  },
  TEST_REDIS_URL: {
    readBy: 'tests',
    default: 'redis://127.0.0.1:6379',
    description: 'Redis for the tests; every test file uses its own key prefix.',
  },
  CHROMIUM_PATH: {
    readBy: 'tests/e2e',
    default: '/usr/bin/chromium',
    description: 'The Chromium the browser tests drive.',
  },
};
