// The rendered infra/k8s manifests and what the k8s test reads from them and from the code.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ScaledObject, TriggerAuthentication } from '@kubernetes-models/keda/keda.sh/v1alpha1';
import { Deployment } from 'kubernetes-models/apps/v1/Deployment';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2/HorizontalPodAutoscaler';
import { Job } from 'kubernetes-models/batch/v1/Job';
import { Ingress } from 'kubernetes-models/networking.k8s.io/v1/Ingress';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1/PodDisruptionBudget';
import { ConfigMap } from 'kubernetes-models/v1/ConfigMap';
import { Namespace } from 'kubernetes-models/v1/Namespace';
import { Secret } from 'kubernetes-models/v1/Secret';
import { Service } from 'kubernetes-models/v1/Service';
import { discoverDeployables, type Deployable } from '../../launcher/deployables.js';
import { envKeysOf } from './env-keys.js';
import { containersOf, renderKustomization, type Container, type K8sObject } from './kustomize.js';
import { root } from './launcher.js';

export interface Validatable {
  validate(): void;
}
export const MODELS: Record<string, new (data: never) => Validatable> = {
  'v1/ConfigMap': ConfigMap,
  'v1/Secret': Secret,
  'v1/Service': Service,
  'v1/Namespace': Namespace,
  'apps/v1/Deployment': Deployment,
  'batch/v1/Job': Job,
  'policy/v1/PodDisruptionBudget': PodDisruptionBudget,
  'autoscaling/v2/HorizontalPodAutoscaler': HorizontalPodAutoscaler,
  'networking.k8s.io/v1/Ingress': Ingress,
  'keda.sh/v1alpha1/ScaledObject': ScaledObject,
  'keda.sh/v1alpha1/TriggerAuthentication': TriggerAuthentication,
};

export const read = (rel: string) => readFileSync(path.join(root, rel), 'utf8');
export const base = renderKustomization(path.join(root, 'infra/k8s/base'));
export const overlay = renderKustomization(path.join(root, 'infra/k8s/overlays/example'));
export const deployables = discoverDeployables(root);

export const find = (objects: K8sObject[], kind: string, name: string): K8sObject | undefined =>
  objects.find((o) => o.kind === kind && o.metadata.name === name);
export function get(kind: string, name: string): K8sObject {
  const found = find(base, kind, name);
  if (!found) throw new Error(`infra/k8s/base has no ${kind} ${name}`);
  return found;
}
export const spec = <T>(o: K8sObject) => o.spec as T;
export const only = (d: Deployable): Container => {
  const [container, ...more] = containersOf(get('Deployment', d.name));
  if (!container || more.length > 0) throw new Error(`${d.name}: expected one container`);
  return container;
};

export interface Port {
  name: string;
  containerPort: number;
}
export interface EnvVar {
  name: string;
  value?: string;
  valueFrom?: {
    configMapKeyRef?: { name: string; key: string; optional?: boolean };
    secretKeyRef?: { name: string; key: string; optional?: boolean };
  };
}
export interface Probe {
  httpGet: { path: string; port: string };
}
export type Env = EnvVar[];
export const envOf = (c: Container) => (c.env ?? []) as Env;
export const value = (c: Container, name: string) => envOf(c).find((e) => e.name === name)?.value;
export const dataOf = (kind: 'ConfigMap' | 'Secret', name: string): Record<string, string> => {
  const o = get(kind, name);
  return ((kind === 'Secret' ? o.stringData : o.data) ?? {}) as Record<string, string>;
};
export const envFromKeys = (c: Container): string[] =>
  (
    (c.envFrom ?? []) as { configMapRef?: { name: string }; secretRef?: { name: string } }[]
  ).flatMap((from) =>
    from.configMapRef
      ? Object.keys(dataOf('ConfigMap', from.configMapRef.name))
      : Object.keys(dataOf('Secret', from.secretRef?.name ?? '')),
  );

/** `FOO: z…` keys of the object literal that follows `marker` in `file`. */
export function keysAfter(file: string, marker: string): string[] {
  const text = read(file);
  const block = text.slice(text.indexOf(marker), text.indexOf('});', text.indexOf(marker)));
  return [...block.matchAll(/^\s*([A-Z][A-Z0-9_]+)\s*:/gm)].map((m) => m[1] ?? '');
}
export const BASE_ENV = envKeysOf(path.join(root, 'packages/service-kit/src/config.ts'));
export const ACCOUNT_ENV = keysAfter(
  'packages/service-kit/src/accounts.ts',
  'accountEnvSchema = z.object',
);
/** Every env variable a deployable reads: the kit's, its own config schema's, the accounts view's. */
export function declaredEnv(d: Deployable): string[] {
  const own = envKeysOf(path.join(root, d.dir, 'src/config.ts'));
  const usesAccounts = ['src/config.ts', 'src/main.ts'].some((f) =>
    read(path.join(d.dir, f)).includes('accountEnvSchema'),
  );
  return [...BASE_ENV, ...own, ...(usesAccounts ? ACCOUNT_ENV : [])];
}
/** The PORT default of a deployable's config schema. */
export const defaultPort = (d: Deployable) =>
  Number(/\bPORT: z[^,]*?\.default\((\d+)\)/.exec(read(path.join(d.dir, 'src/config.ts')))?.[1]);
/** The drain before a stop (lifecycle.ts): the HTTP keep-alive timeout's default. */
export const keepAliveMs = Number(
  /HTTP_KEEP_ALIVE_TIMEOUT_MS: ms\(([\d_]+)\)/
    .exec(read('packages/service-kit/src/config.ts'))?.[1]
    ?.replace(/_/g, ''),
);
export const shutdownTimeoutMs = Number(
  /shutdownTimeoutMs = ([\d_]+)/
    .exec(read('packages/service-kit/src/lifecycle.ts'))?.[1]
    ?.replace(/_/g, ''),
);
