// infra/k8s cannot be applied here (no cluster), so it is rendered (helpers/kustomize.ts), each
// object is validated against the Kubernetes and KEDA schemas (kubernetes-models,
// @kubernetes-models/keda), and it is checked against the code: every deployable the launcher
// finds, its port, probe paths, settings, image, the route queue KEDA watches, the drain timing.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { QUEUES, ROUTE_JOB_PRIORITY, bullPrefix } from '@oneeta/contracts';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { urlEnvFor } from '../launcher/deployables.js';
import {
  MODELS,
  base,
  dataOf,
  declaredEnv,
  defaultPort,
  deployables,
  envFromKeys,
  envOf,
  find,
  get,
  only,
  overlay,
  read,
  keepAliveMs,
  shutdownTimeoutMs,
  spec,
  value,
  type Port,
  type Probe,
} from './helpers/k8s-manifests.js';
import { containersOf } from './helpers/kustomize.js';
import { root } from './helpers/launcher.js';

describe('infra/k8s', () => {
  it('renders the base and the example overlay into objects valid against the Kubernetes and KEDA schemas', () => {
    for (const [label, objects] of [
      ['base', base],
      ['overlays/example', overlay],
    ] as const) {
      expect(objects.length, label).toBeGreaterThan(30);
      for (const o of objects) {
        const Model = MODELS[`${o.apiVersion}/${o.kind}`];
        expect(Model, `${label}: no schema for ${o.apiVersion} ${o.kind}`).toBeDefined();
        expect(
          () => new Model!(o as never).validate(),
          `${label}: ${o.kind}/${o.metadata.name}`,
        ).not.toThrow();
      }
      const ids = objects.map((o) => `${o.kind}/${o.metadata.name}`);
      expect(new Set(ids).size, `${label}: duplicate objects`).toBe(ids.length);
    }
  });

  it('has a Deployment, a Service and a PodDisruptionBudget for every deployable the launcher finds, and no others', () => {
    const names = deployables.map((d) => d.name).sort();
    for (const kind of ['Deployment', 'Service', 'PodDisruptionBudget'])
      expect(
        base
          .filter((o) => o.kind === kind)
          .map((o) => o.metadata.name)
          .sort(),
        kind,
      ).toEqual(names);
    for (const d of deployables) {
      const labels = { 'app.kubernetes.io/name': d.name };
      const deployment = spec<{
        selector: { matchLabels: object };
        template: { metadata: { labels: object } };
      }>(get('Deployment', d.name));
      expect(deployment.selector.matchLabels, d.name).toEqual(labels);
      expect(deployment.template.metadata.labels, d.name).toMatchObject(labels);
      expect(spec<{ selector: object }>(get('Service', d.name)).selector, d.name).toEqual(labels);
      expect(
        spec<{ selector: { matchLabels: object } }>(get('PodDisruptionBudget', d.name)).selector
          .matchLabels,
        d.name,
      ).toEqual(labels);
    }
  });

  it('runs each deployable from its image (oneeta-<name>, as docker compose names the infra/Dockerfile builds)', () => {
    const compose = parse(read('docker-compose.yml'), { merge: true }) as {
      name: string;
      services: Record<string, { build?: { args?: { SERVICE?: string } } }>;
    };
    expect(compose.name).toBe('oneeta');
    expect(read('infra/Dockerfile')).toContain('-t oneeta-auth');
    for (const d of deployables) {
      expect(compose.services[d.name]?.build?.args?.SERVICE, d.name).toBe(d.dir);
      expect(only(d).image, d.name).toBe(`oneeta-${d.name}`);
    }
  });

  it('listens on the port the code defaults to, and the Service forwards to it', () => {
    for (const d of deployables) {
      const c = only(d);
      const http = (c.ports as Port[]).find((p) => p.name === 'http');
      expect(http?.containerPort, d.name).toBe(defaultPort(d));
      expect(value(c, 'PORT'), d.name).toBe(String(defaultPort(d)));
      const ports = spec<{ ports: { name: string; port: number; targetPort: string }[] }>(
        get('Service', d.name),
      ).ports;
      expect(ports, d.name).toEqual([{ name: 'http', port: defaultPort(d), targetPort: 'http' }]);
    }
    expect(dataOf('ConfigMap', 'oneeta-config').HOST).toBe('0.0.0.0');
  });

  it('probes /readyz (startup, readiness) and /healthz (liveness), paths the service kit serves', () => {
    const http = read('packages/service-kit/src/http.ts');
    const ops = read('apps/gateway/src/ops-server.ts');
    for (const path of ['/healthz', '/readyz']) expect(http).toContain(`app.get('${path}'`);
    for (const d of deployables) {
      const c = only(d);
      const probes = ['startupProbe', 'readinessProbe', 'livenessProbe'].map(
        (p) => c[p] as Probe | undefined,
      );
      expect(
        probes.map((p) => p?.httpGet.path),
        d.name,
      ).toEqual(['/readyz', '/readyz', '/healthz']);
      const portNames = (c.ports as Port[]).map((p) => p.name);
      for (const probe of probes) expect(portNames, d.name).toContain(probe?.httpGet.port);
      if (d.role !== 'gateway') continue;
      // The gateway answers /readyz only on its operations port, bound to METRICS_HOST.
      expect(ops).toMatch(/OPS_PATHS = new Set\(\[[^\]]*'\/readyz'[^\]]*'\/healthz'/);
      const opsPort = (c.ports as Port[]).find((p) => p.name === probes[0]?.httpGet.port);
      expect(String(opsPort?.containerPort)).toBe(value(c, 'METRICS_PORT'));
      expect(value(c, 'METRICS_HOST')).toBe('0.0.0.0');
    }
  });

  it('passes only settings the deployable’s config schema declares, from ConfigMaps and Secrets that exist', () => {
    for (const d of deployables) {
      const c = only(d);
      const declared = declaredEnv(d);
      for (const key of [...envFromKeys(c), ...envOf(c).map((e) => e.name)])
        expect(declared, `${d.name} is given ${key}, which it does not read`).toContain(key);
      for (const e of envOf(c)) {
        const ref = e.valueFrom?.configMapKeyRef ?? e.valueFrom?.secretKeyRef;
        if (!ref) continue;
        const kind = e.valueFrom?.configMapKeyRef ? 'ConfigMap' : 'Secret';
        const data = dataOf(kind, ref.name);
        if (!ref.optional)
          expect(Object.keys(data), `${d.name}: ${kind} ${ref.name} lacks ${ref.key}`).toContain(
            ref.key,
          );
      }
    }
    // What every process needs comes whole from the shared Secret (placeholders in the base).
    expect(Object.keys(dataOf('Secret', 'oneeta-secrets')).sort()).toEqual([
      'DATABASE_URL',
      'INTERNAL_TOKEN',
      'REDIS_URL',
    ]);
    for (const d of deployables)
      expect(envFromKeys(only(d)), d.name).toEqual(
        expect.arrayContaining(['DATABASE_URL', 'REDIS_URL', 'INTERNAL_TOKEN']),
      );
  });

  it('gives every service URL as http://<service>:<its port>', () => {
    const urls: Record<string, string> = Object.fromEntries(
      deployables.flatMap((d) =>
        d.urlEnv ? [[d.urlEnv, `http://${d.name}:${defaultPort(d)}`]] : [],
      ),
    );
    expect(dataOf('ConfigMap', 'oneeta-config').AUTH_URL).toBe(urls.AUTH_URL);
    for (const d of deployables)
      for (const e of envOf(only(d)).filter(
        (e) => e.name.endsWith('_URL') && e.value !== undefined,
      ))
        expect(e.value, `${d.name} ${e.name}`).toBe(urls[e.name]);
    // The gateway proxies to every service.
    const gateway = only(deployables.find((d) => d.role === 'gateway')!);
    for (const d of deployables.filter((d) => d.urlEnv && d.name !== 'auth'))
      expect(value(gateway, urlEnvFor(d.name)!), d.name).toBe(urls[d.urlEnv!]);
  });

  it('drains on shutdown: preStop sleep, the kit’s drain and its shutdown timeout fit in the grace period', () => {
    expect(shutdownTimeoutMs).toBeGreaterThan(0);
    expect(keepAliveMs).toBeGreaterThan(0);
    for (const d of deployables) {
      const pod = spec<{ template: { spec: { terminationGracePeriodSeconds: number } } }>(
        get('Deployment', d.name),
      ).template.spec;
      const preStop = (
        only(d).lifecycle as { preStop?: { exec?: { command: string[] } } } | undefined
      )?.preStop?.exec?.command;
      expect(preStop?.[0], d.name).toBe('sleep');
      const sleep = Number(preStop?.[1]);
      expect(sleep, d.name).toBeGreaterThanOrEqual(5);
      expect(pod.terminationGracePeriodSeconds, d.name).toBeGreaterThanOrEqual(
        sleep + (keepAliveMs + shutdownTimeoutMs) / 1000 + 5,
      );
    }
  });

  it('sets CPU and memory requests and limits on every container', () => {
    for (const o of base.filter((o) => o.kind === 'Deployment')) {
      for (const c of containersOf(o)) {
        const r = c.resources as { requests?: object; limits?: object } | undefined;
        for (const part of [r?.requests, r?.limits])
          expect(part, `${o.metadata.name}`).toHaveProperty('cpu');
        for (const part of [r?.requests, r?.limits])
          expect(part, `${o.metadata.name}`).toHaveProperty('memory');
      }
    }
  });

  it('scales each HTTP deployable with an HPA on CPU, and the route worker with KEDA only', () => {
    for (const d of deployables) {
      const hpa = find(base, 'HorizontalPodAutoscaler', d.name);
      const scaled = base.filter(
        (o) =>
          o.kind === 'ScaledObject' &&
          spec<{ scaleTargetRef: { name: string } }>(o).scaleTargetRef.name === d.name,
      );
      if (d.role === 'worker') {
        expect(hpa, d.name).toBeUndefined();
        expect(scaled, d.name).toHaveLength(1);
        continue;
      }
      expect(scaled, d.name).toHaveLength(0);
      const s = spec<{
        scaleTargetRef: { kind: string; name: string };
        minReplicas: number;
        maxReplicas: number;
        metrics: { resource?: { name: string } }[];
      }>(hpa!);
      expect(s.scaleTargetRef, d.name).toMatchObject({ kind: 'Deployment', name: d.name });
      expect(s.minReplicas, d.name).toBeGreaterThanOrEqual(2);
      expect(s.maxReplicas, d.name).toBeGreaterThan(s.minReplicas);
      expect(
        s.metrics.map((m) => m.resource?.name),
        d.name,
      ).toEqual(['cpu']);
    }
  });

  it('points KEDA at the route-matrix queue’s waiting jobs under the configured Redis prefix', () => {
    const so = spec<{
      minReplicaCount: number;
      maxReplicaCount: number;
      cooldownPeriod: number;
      pollingInterval: number;
      triggers: {
        type: string;
        metadata: Record<string, string>;
        authenticationRef: { name: string };
      }[];
    }>(get('ScaledObject', 'routing-worker'));
    const queue = `${bullPrefix(dataOf('ConfigMap', 'oneeta-config').REDIS_PREFIX ?? '')}:${QUEUES.routeMatrix}`;
    // Route jobs carry a plan priority, so BullMQ keeps them in the `prioritized` sorted set.
    expect(Object.values(ROUTE_JOB_PRIORITY).every((p) => p > 0)).toBe(true);
    expect(so.triggers.map((t) => t.metadata.listName).sort()).toEqual([
      `${queue}:prioritized`,
      `${queue}:wait`,
    ]);
    for (const t of so.triggers) {
      expect(t.type).toBe('redis');
      expect(Number(t.metadata.listLength)).toBeGreaterThan(0);
      const auth = spec<{ secretTargetRef: { parameter: string; name: string; key: string }[] }>(
        get('TriggerAuthentication', t.authenticationRef.name),
      );
      expect(auth.secretTargetRef.map((r) => r.parameter).sort()).toEqual(['address', 'password']);
      for (const ref of auth.secretTargetRef)
        expect(Object.keys(dataOf('Secret', ref.name))).toContain(ref.key);
    }
    expect(so.minReplicaCount).toBeGreaterThanOrEqual(1);
    expect(so.maxReplicaCount).toBeGreaterThan(so.minReplicaCount);
    expect(so.cooldownPeriod).toBeGreaterThan(0);
    expect(so.pollingInterval).toBeGreaterThan(0);
    expect(
      spec<{ replicas?: number }>(get('Deployment', 'routing-worker')).replicas,
    ).toBeUndefined();
  });

  it('migrates, in a Job, every service that has migrations, with the kit’s openDatabase from its own image', () => {
    expect(read('packages/service-kit/src/index.ts')).toContain("export * from './db.js'");
    expect(read('packages/service-kit/src/db.ts')).toContain('export async function openDatabase(');
    const containers = containersOf(get('Job', 'oneeta-migrate'));
    const migrating = deployables.filter((d) =>
      existsSync(path.join(root, d.dir, 'src/store/migrations')),
    );
    expect(containers.map((c) => c.name).sort()).toEqual(migrating.map((d) => d.name).sort());
    for (const d of migrating) {
      const c = containers.find((c) => c.name === d.name)!;
      const schema = /startService\(\{\s*name: '([\w-]+)'/.exec(
        read(path.join(d.dir, 'src/main.ts')),
      )?.[1];
      expect(read(path.join(d.dir, 'package.json')), d.name).toContain(
        'cp -r src/store/migrations dist/store/',
      );
      expect(c.image, d.name).toBe(`oneeta-${d.name}`);
      const script = (c.command as string[]).at(-1) ?? '';
      expect(script, d.name).toContain(
        `schema: '${schema}', migrationsFolder: 'dist/store/migrations'`,
      );
      expect(envOf(c), d.name).toEqual([
        {
          name: 'DATABASE_URL',
          valueFrom: { secretKeyRef: { name: 'oneeta-secrets', key: 'DATABASE_URL' } },
        },
      ]);
    }
  });

  it('routes / to the gateway through an Ingress that keeps idle websockets open past the heartbeat', () => {
    const ingress = get('Ingress', 'oneeta');
    const paths = spec<{
      rules: {
        http: {
          paths: { path: string; backend: { service: { name: string; port: { name: string } } } }[];
        };
      }[];
    }>(ingress).rules[0]?.http.paths;
    expect(paths).toEqual([
      expect.objectContaining({
        path: '/',
        backend: { service: { name: 'gateway', port: { name: 'http' } } },
      }),
    ]);
    const heartbeatMs = Number(
      /WS_HEARTBEAT_MS: z[^,]*?\.default\(([\d_]+)\)/
        .exec(read('apps/gateway/src/config.ts'))?.[1]
        ?.replace(/_/g, ''),
    );
    const annotations = ingress.metadata.annotations as Record<string, string>;
    for (const key of ['proxy-read-timeout', 'proxy-send-timeout'])
      expect(Number(annotations[`nginx.ingress.kubernetes.io/${key}`]) * 1000, key).toBeGreaterThan(
        2 * heartbeatMs,
      );
    // The gateway believes X-Forwarded-For from the ingress controller's pod network only.
    const gateway = only(deployables.find((d) => d.role === 'gateway')!);
    expect(value(gateway, 'TRUST_PROXY')).toBe('uniquelocal');
  });

  it('has the example overlay set the namespace, every image and the public host', () => {
    for (const o of overlay.filter((o) => o.kind !== 'Namespace'))
      expect(o.metadata.namespace, o.metadata.name).toBe('oneeta');
    for (const c of overlay.flatMap(containersOf))
      expect(c.image).toMatch(/^registry\.example\.com\/oneeta\/[\w-]+:1\.0\.0$/);
    expect(
      spec<{ rules: { host: string }[] }>(find(overlay, 'Ingress', 'oneeta')!).rules[0]?.host,
    ).toBe('eta.example.org');
    expect(
      (find(overlay, 'ConfigMap', 'oneeta-settings')?.data as Record<string, string>).PUBLIC_URL,
    ).toBe('https://eta.example.org');
  });
});
