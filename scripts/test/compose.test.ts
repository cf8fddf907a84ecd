// docker-compose.yml's structure, checked without an engine: the official Compose schema (shipped in
// the dclint package), builds, dependencies, environment, ports and the balancer's configuration.
// `pnpm test:deploy` (tests/deploy) runs it.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Ajv } from 'ajv';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { discoverDeployables, urlEnvFor } from '../launcher/deployables.js';
import { copySources, findDockerfiles, dockerignoreFor } from './helpers/dockerfile.js';
import { envKeysOf } from './helpers/env-keys.js';
import { root } from './helpers/launcher.js';

interface ComposeService {
  build?: { context?: string; dockerfile?: string; args?: Record<string, string> };
  profiles?: string[];
  environment?: Record<string, string | number | null>;
  depends_on?: Record<string, { condition?: string; required?: boolean }>;
  healthcheck?: { test?: string[] };
  ports?: string[];
  volumes?: string[];
  image?: string;
  deploy?: { replicas?: string | number };
}

const compose = parse(readFileSync(path.join(root, 'docker-compose.yml'), 'utf8'), {
  merge: true,
}) as {
  services: Record<string, ComposeService>;
};
/** The OpenStreetMap engines of the `osm` profile: third-party images, not OneETA services. */
const OSM_ENGINES = ['osrm', 'photon'];
const services = Object.entries(compose.services).filter(([name]) => !OSM_ENGINES.includes(name));
const built = services.filter(([, s]) => s.build);
/** What every service reads from the kit's base config (NODE_ENV comes from the image). */
const SERVICE_ENV = envKeysOf(path.join(root, 'packages/service-kit/src/config.ts')).filter(
  (key) => key !== 'NODE_ENV',
);
const AUTH_ENV = ['ADMIN_EMAIL', 'JWT_PRIVATE_KEY', 'JWT_TTL_SECONDS'];
const GATEWAY_ENV = ['RATE_LIMIT_PER_MINUTE', 'WEB_DIST'];
const EXPECTED = [
  'postgres',
  'redis',
  'proxy',
  'gateway',
  'auth',
  'session',
  'routing',
  'routing-worker',
  'communication',
  'notification',
  'billing',
  'admin',
];

const service = (name: string): ComposeService => {
  const found = compose.services[name];
  if (!found) throw new Error(`docker-compose.yml has no service ${name}`);
  return found;
};

describe('docker-compose.yml', () => {
  it('is valid against the Compose specification schema', () => {
    const schemaPath = path.join(
      path.dirname(createRequire(import.meta.url).resolve('dclint/package.json')),
      'schemas/compose.schema.json',
    );
    const { $schema: _draft, ...schema } = JSON.parse(readFileSync(schemaPath, 'utf8')) as Record<
      string,
      unknown
    >;
    const ajv = new Ajv({ allErrors: true, strict: false });
    const validate = ajv.compile(schema);
    expect(validate(compose), ajv.errorsText(validate.errors, { separator: '\n' })).toBe(true);
  });

  it('has postgres 16, redis 7, the balancer, the gateway and every service', () => {
    expect(services.map(([name]) => name).sort()).toEqual([...EXPECTED].sort());
    expect(service('postgres')).toMatchObject({ image: 'postgres:16' });
    expect(service('redis')).toMatchObject({ image: 'redis:7' });
    expect(service('proxy')).toMatchObject({ image: 'haproxy:2.6' });
  });

  it('keeps the OpenStreetMap engines in the osm profile, reading OSM_DATA_DIR, and points the maps settings at them', () => {
    for (const name of OSM_ENGINES) {
      expect(service(name).profiles, name).toEqual(['osm']);
      expect(service(name).ports, name).toBeUndefined();
      expect(service(name).volumes?.[0], name).toMatch(/^\$\{OSM_DATA_DIR:-\.\/osm-data\}\//);
    }
    for (const name of ['routing', 'routing-worker']) {
      expect(service(name).environment?.OSRM_URL, name).toBe('${OSRM_URL:-http://osrm:5000}');
      expect(service(name).environment?.PHOTON_URL, name).toBe('${PHOTON_URL:-http://photon:2322}');
    }
  });

  it('publishes only the balancer, which spreads over the gateway replicas it finds by name', () => {
    expect(service('proxy').ports).toEqual(['${GATEWAY_PORT:-8080}:8080']);
    for (const [name, s] of built) expect(s.ports, name).toBeUndefined();
    expect(service('gateway').deploy?.replicas).toBe('${GATEWAY_REPLICAS:-2}');
    // The gateways believe X-Forwarded-For from the balancer's network (the compose network) only.
    expect(service('gateway').environment?.TRUST_PROXY).toBe('${GATEWAY_TRUST_PROXY:-uniquelocal}');
    const [source, target] = (service('proxy').volumes?.[0] ?? '').split(':');
    expect(target).toBe('/usr/local/etc/haproxy/haproxy.cfg');
    const cfg = readFileSync(path.join(root, source!), 'utf8');
    expect(cfg).toMatch(/^\s*server-template \S+ \d+-\d+ gateway:8080\b/m);
    expect(cfg).toMatch(/^\s*bind :8080$/m);
    expect(cfg).toMatch(/^\s*option httpchk GET \/healthz$/m);
    expect(cfg).toMatch(/^\s*retry-on .*conn-failure/m);
  });

  it('builds every OneETA service from infra/Dockerfile with its SERVICE directory', () => {
    expect(existsSync(path.join(root, 'infra/Dockerfile'))).toBe(true);
    for (const [name, s] of built) {
      expect(s.build, name).toMatchObject({ context: '.', dockerfile: 'infra/Dockerfile' });
      const dir = s.build?.args?.SERVICE ?? '';
      expect(dir, name).toBe(name === 'gateway' ? 'apps/gateway' : `services/${name}`);
    }
  });

  it('keeps a service not written yet in the "planned" profile, and only such a service', () => {
    for (const [name, s] of built) {
      const exists = existsSync(path.join(root, s.build?.args?.SERVICE ?? '', 'package.json'));
      const planned = s.profiles?.includes('planned') ?? false;
      expect(
        planned,
        exists
          ? `${name} exists now: remove its "profiles: [planned]"`
          : `${name} does not exist yet: add "profiles: [planned]"`,
      ).toBe(!exists);
    }
  });

  it('has a service for every deployable the launcher finds', () => {
    const dirs = built.map(([, s]) => s.build?.args?.SERVICE);
    for (const d of discoverDeployables(root))
      expect(dirs, `${d.dir} missing from docker-compose.yml`).toContain(d.dir);
  });

  it('waits on healthy dependencies that exist and have a health check', () => {
    for (const [name, s] of services) {
      for (const [target, dep] of Object.entries(s.depends_on ?? {})) {
        expect(compose.services[target], `${name} depends on unknown ${target}`).toBeDefined();
        expect(dep.condition, `${name} → ${target}`).toBe('service_healthy');
        expect(service(target).healthcheck?.test, `${target} has no healthcheck`).toBeDefined();
        if (service(target).profiles?.includes('planned'))
          expect(dep.required, `${name} → planned ${target}`).toBe(false);
      }
    }
    for (const [name, s] of built) {
      expect(s.healthcheck?.test?.join(' '), name).toContain('/readyz');
      expect(Object.keys(s.depends_on ?? {}), name).toEqual(
        expect.arrayContaining(['postgres', 'redis']),
      );
    }
  });

  it('gives every service the environment it reads', () => {
    for (const [name, s] of built) {
      const keys = Object.keys(s.environment ?? {});
      expect(keys, name).toEqual(expect.arrayContaining(SERVICE_ENV));
      expect(s.environment?.DATABASE_URL, name).toMatch(/^postgres:\/\/.+@postgres:5432\//);
      expect(s.environment?.REDIS_URL, name).toBe('redis://redis:6379');
      expect(s.environment?.INTERNAL_TOKEN, name).toBe('${INTERNAL_TOKEN:?set INTERNAL_TOKEN}');
      expect(s.environment?.AUTH_URL, name).toBe('http://auth:4001');
    }
    expect(Object.keys(service('auth').environment ?? {})).toEqual(
      expect.arrayContaining(AUTH_ENV),
    );
    expect(Object.keys(service('gateway').environment ?? {})).toEqual(
      expect.arrayContaining(GATEWAY_ENV),
    );
  });

  it('passes every env variable a service declares in its config schema (and the service kit’s)', () => {
    const base = envKeysOf(path.join(root, 'packages/service-kit/src/config.ts'));
    for (const [name, s] of built) {
      const declared = [
        ...base,
        ...envKeysOf(path.join(root, s.build?.args?.SERVICE ?? '', 'src/config.ts')),
      ];
      expect(Object.keys(s.environment ?? {}), `${name} reads these`).toEqual(
        expect.arrayContaining(declared),
      );
    }
  });

  it('gives the gateway each upstream URL on that service’s own port, 4001 to 4008', () => {
    const gateway = service('gateway');
    const ports = built
      .filter(([name]) => name !== 'gateway')
      .map(([, s]) => Number(s.environment?.PORT));
    expect(ports.sort()).toEqual([4001, 4002, 4003, 4004, 4005, 4006, 4007, 4008]);
    for (const [name, s] of built) {
      const urlEnv = name === 'gateway' ? undefined : urlEnvFor(name);
      if (urlEnv)
        expect(gateway.environment?.[urlEnv], urlEnv).toBe(`http://${name}:${s.environment?.PORT}`);
    }
  });

  it('scales the routing worker with WORKER_REPLICAS (2 by default) and publishes no worker port', () => {
    expect(service('routing-worker').deploy?.replicas).toBe('${WORKER_REPLICAS:-2}');
    expect(service('routing-worker').ports).toBeUndefined();
  });
});

describe('Dockerfiles', () => {
  const dockerfiles = findDockerfiles(root);

  it('are found (infra/Dockerfile at least)', () => {
    expect(dockerfiles).toContain('infra/Dockerfile');
  });

  it('copy only files that exist in the repository and are not in the build context exclusions', () => {
    for (const file of dockerfiles) {
      const excluded = dockerignoreFor(root, file);
      for (const source of copySources(readFileSync(path.join(root, file), 'utf8'))) {
        const rel = path.normalize(source).replace(/\/+$/, '');
        expect(existsSync(path.join(root, rel)), `${file}: COPY ${source} does not exist`).toBe(
          true,
        );
        if (rel !== '.')
          expect(
            excluded.ignores(rel),
            `${file}: COPY ${source} is excluded by the dockerignore`,
          ).toBe(false);
      }
    }
  });

  it('reads COPY sources across line continuations, in JSON form, and skips other stages', () => {
    const text = [
      'COPY package.json \\',
      '  pnpm-lock.yaml ./',
      'COPY --chown=node:node ["a b.txt", "c", "/x/"]',
      'COPY --from=build /out ./',
      '# COPY commented ./',
      'ADD d.tar /',
      'ADD https://example.com/e.jar /opt/e.jar',
    ].join('\n');
    expect(copySources(text)).toEqual(['package.json', 'pnpm-lock.yaml', 'a b.txt', 'c', 'd.tar']);
  });
});
