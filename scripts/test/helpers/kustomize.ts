// Renders infra/k8s the way `kubectl apply -k` would, for the subset of kustomize the manifests
// use (kustomize is a Go binary that cannot be installed here): `resources` (files and folders
// with a kustomization.yaml), `namespace`, `images` and JSON 6902 `patches` (add, replace,
// remove). Any other kustomization field is refused, so a manifest cannot rely on something this
// renderer would silently skip.
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { parse, parseAllDocuments } from 'yaml';

export interface K8sObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; [key: string]: unknown };
  [key: string]: unknown;
}

interface Kustomization {
  apiVersion?: string;
  kind?: string;
  namespace?: string;
  resources?: string[];
  images?: { name: string; newName?: string; newTag?: string }[];
  patches?: { target: { kind?: string; name?: string }; patch: string }[];
}

interface PatchOp {
  op: 'add' | 'replace' | 'remove';
  path: string;
  value?: unknown;
}

const SUPPORTED = new Set(['apiVersion', 'kind', 'namespace', 'resources', 'images', 'patches']);
/** Kinds that live outside any namespace (`namespace:` leaves them alone). */
const CLUSTER_SCOPED = new Set(['Namespace']);

/** Every document of a YAML file (empty documents skipped); a syntax error throws. */
export function loadYamlFile(file: string): K8sObject[] {
  const docs = parseAllDocuments(readFileSync(file, 'utf8'));
  return docs.flatMap((doc) => {
    if (doc.errors.length > 0) throw new Error(`${file}: ${doc.errors[0]?.message}`);
    const value = doc.toJS() as K8sObject | null;
    return value === null ? [] : [value];
  });
}

/** The objects of the kustomization in `dir`, with its transformations applied. */
export function renderKustomization(dir: string): K8sObject[] {
  const file = path.join(dir, 'kustomization.yaml');
  const k = parse(readFileSync(file, 'utf8')) as Kustomization;
  const unknown = Object.keys(k).filter((key) => !SUPPORTED.has(key));
  if (unknown.length > 0) throw new Error(`${file}: unsupported field(s) ${unknown.join(', ')}`);

  const objects = (k.resources ?? []).flatMap((resource) => {
    const target = path.resolve(dir, resource);
    return statSync(target).isDirectory() ? renderKustomization(target) : loadYamlFile(target);
  });
  for (const { target, patch } of k.patches ?? []) {
    const ops = parse(patch) as PatchOp[];
    const matched = objects.filter(
      (o) =>
        (!target.kind || o.kind === target.kind) &&
        (!target.name || o.metadata.name === target.name),
    );
    if (matched.length === 0)
      throw new Error(`${file}: patch target ${JSON.stringify(target)} matches nothing`);
    for (const object of matched) for (const op of ops) applyPatch(object, op);
  }
  for (const image of k.images ?? []) {
    for (const container of objects.flatMap(containersOf)) {
      const [name, tag] = splitImage(container.image);
      if (name !== image.name) continue;
      container.image = `${image.newName ?? name}${image.newTag ? `:${image.newTag}` : tag ? `:${tag}` : ''}`;
    }
  }
  if (k.namespace)
    for (const o of objects) if (!CLUSTER_SCOPED.has(o.kind)) o.metadata.namespace = k.namespace;
  return objects;
}

export interface Container {
  name: string;
  image: string;
  [key: string]: unknown;
}

/** The containers (init containers first) of a Deployment's or a Job's pod template. */
export function containersOf(object: K8sObject): Container[] {
  const spec = (object.spec as { template?: { spec?: Record<string, Container[] | undefined> } })
    ?.template?.spec;
  return [...(spec?.initContainers ?? []), ...(spec?.containers ?? [])];
}

function splitImage(image: string): [string, string | undefined] {
  const at = image.lastIndexOf(':');
  return at > image.lastIndexOf('/')
    ? [image.slice(0, at), image.slice(at + 1)]
    : [image, undefined];
}

function applyPatch(object: K8sObject, { op, path: pointer, value }: PatchOp): void {
  const keys = pointer
    .split('/')
    .slice(1)
    .map((key) => key.replace(/~1/g, '/').replace(/~0/g, '~'));
  const last = keys.pop();
  if (last === undefined) throw new Error(`patch path "${pointer}" is empty`);
  let parent: unknown = object;
  for (const key of keys) {
    parent = (parent as Record<string, unknown>)?.[key];
    if (parent === undefined)
      throw new Error(
        `patch path "${pointer}" does not exist in ${object.kind}/${object.metadata.name}`,
      );
  }
  const holder = parent as Record<string, unknown> & unknown[];
  if (op !== 'add' && !(last in holder))
    throw new Error(
      `patch ${op} "${pointer}": nothing there in ${object.kind}/${object.metadata.name}`,
    );
  if (op === 'remove') {
    if (Array.isArray(holder)) holder.splice(Number(last), 1);
    else delete holder[last];
  } else if (op === 'add' && Array.isArray(holder)) {
    holder.splice(last === '-' ? holder.length : Number(last), 0, value);
  } else holder[last] = value;
}
