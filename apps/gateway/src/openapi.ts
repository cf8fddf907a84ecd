import { INTERNAL_OPENAPI_PATH, pruneComponents, type App } from '@oneeta/service-kit';
import type { FastifyBaseLogger } from 'fastify';
import type { OpenAPIV3_1 } from 'openapi-types';
import { configuredServices, matchRoute, type Route, type ServiceName } from './routes-table.js';

type Document = OpenAPIV3_1.Document;

export const OPENAPI_PATH = '/api/openapi.json';
const FETCH_TIMEOUT_MS = 3_000;

export interface ApiDocumentOptions {
  routes: readonly Route[];
  /** INTERNAL_TOKEN: the services serve their document on /internal/openapi.json to it only. */
  internalToken?: string | undefined;
  /** The gateway's own document (its /api/health). */
  own: () => Document;
  /** PUBLIC_URL, the document's server; else the page's own origin ('/'). */
  publicUrl?: string | undefined;
  log: FastifyBaseLogger;
  /** How long a document with every upstream in it is kept (default 5 min). */
  ttlMs?: number;
  /** How long one missing an upstream is kept before it is built again (default 5 s). */
  retryMs?: number;
}

export interface ApiDocument {
  get(): Promise<Document>;
}

/**
 * One OpenAPI document for the public API: the gateway's own routes and, from each configured
 * service, the paths the routing table sends to that service (anything else a service documents
 * is left out). Built on first use and kept; rebuilt after the TTL, sooner when a service could
 * not be read (it is named in `x-oneeta-upstreams` meanwhile).
 */
export function createApiDocument(options: ApiDocumentOptions): ApiDocument {
  const ttlMs = options.ttlMs ?? 300_000;
  const retryMs = options.retryMs ?? 5_000;
  let cached: { document: Promise<Document>; until: number } | null = null;
  return {
    get() {
      if (cached && Date.now() < cached.until) return cached.document;
      const entry = { document: build(options), until: Number.POSITIVE_INFINITY };
      cached = entry;
      entry.document.then(
        (document) => {
          const complete = Object.values(upstreamStates(document)).every((state) => state === 'ok');
          entry.until = Date.now() + (complete ? ttlMs : retryMs);
        },
        () => {
          entry.until = 0;
        },
      );
      return entry.document;
    },
  };
}

async function build(options: ApiDocumentOptions): Promise<Document> {
  const own = options.own();
  const services = [...configuredServices(options.routes)];
  const fetched = await Promise.all(
    services.map(
      async ([service, url]) => [service, await fetchDocument(service, url, options)] as const,
    ),
  );
  const paths: OpenAPIV3_1.PathsObject = { ...own.paths };
  const schemas: Record<string, OpenAPIV3_1.SchemaObject> = { ...own.components?.schemas };
  const states: Record<string, string> = {};
  for (const [service, document] of fetched) {
    states[service] = document ? 'ok' : 'unavailable';
    if (!document) continue;
    for (const [path, item] of Object.entries(document.paths ?? {})) {
      if (routedTo(options.routes, path) === service) paths[path] = { ...paths[path], ...item };
    }
    for (const [name, schema] of Object.entries(document.components?.schemas ?? {})) {
      const known = schemas[name];
      if (known && JSON.stringify(known) !== JSON.stringify(schema)) {
        options.log.warn(
          { service, schema: name },
          'two services describe a schema differently; the first is kept',
        );
      } else schemas[name] = schema;
    }
  }
  const merged: Document = {
    openapi: '3.1.0',
    info: {
      title: 'OneETA API',
      version: own.info.version,
      description:
        'The public API of OneETA, as the gateway routes it. Sign-in calls take `Authorization: Bearer <token>` from /api/auth/login.',
      'x-oneeta-upstreams': states,
    } as OpenAPIV3_1.InfoObject,
    servers: [{ url: options.publicUrl ?? '/' }],
    tags: tagsOf(paths),
    paths: sortedPaths(paths),
    components: { securitySchemes: own.components?.securitySchemes, schemas },
  };
  return pruneComponents(merged);
}

/** The service the routing table sends a documented path to ('{id}' stands for any segment). */
export function routedTo(routes: readonly Route[], path: string): ServiceName | null {
  return matchRoute(routes, path.replace(/\{[^}/]+\}/g, 'x'))?.service ?? null;
}

async function fetchDocument(service: ServiceName, baseUrl: string, options: ApiDocumentOptions) {
  if (!options.internalToken) {
    options.log.warn({ service }, "no INTERNAL_TOKEN: the services' API documents cannot be read");
    return null;
  }
  try {
    const response = await fetch(new URL(INTERNAL_OPENAPI_PATH, baseUrl), {
      headers: { 'x-internal-token': options.internalToken, accept: 'application/json' },
      signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
    });
    if (!response.ok) throw new Error(`answered ${response.status}`);
    return (await response.json()) as Document;
  } catch (err) {
    options.log.warn({ service, err }, 'could not read the API document of a service');
    return null;
  }
}

function upstreamStates(document: Document): Record<string, string> {
  return (
    (document.info as { 'x-oneeta-upstreams'?: Record<string, string> })['x-oneeta-upstreams'] ?? {}
  );
}

function tagsOf(paths: OpenAPIV3_1.PathsObject): OpenAPIV3_1.TagObject[] {
  const names = new Set<string>();
  for (const item of Object.values(paths)) {
    for (const operation of Object.values(item ?? {})) {
      for (const tag of (operation as OpenAPIV3_1.OperationObject).tags ?? []) names.add(tag);
    }
  }
  // Alphabetical, the administrators' calls last: a reader starts with signing in, not the admin portal.
  const last = (name: string) => Number(name === 'admin');
  return [...names]
    .sort((a, b) => last(a) - last(b) || a.localeCompare(b))
    .map((name) => ({ name }));
}

function sortedPaths(paths: OpenAPIV3_1.PathsObject): OpenAPIV3_1.PathsObject {
  return Object.fromEntries(Object.entries(paths).sort(([a], [b]) => a.localeCompare(b)));
}

/** GET /api/openapi.json: the merged document. */
export function registerOpenApiDocument(app: App, document: ApiDocument): void {
  app.get(OPENAPI_PATH, { schema: { hide: true } }, async (_request, reply) => {
    reply.header('cache-control', 'no-cache');
    return document.get();
  });
}
