import swagger, { type SwaggerTransform } from '@fastify/swagger';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import type { OpenAPIV3_1 } from 'openapi-types';
import { z } from 'zod';
import { accessOfGuard, type Guard } from './auth.js';
import type { App } from './http.js';

/**
 * The API document of a service, from the zod schemas its routes validate with
 * (@fastify/swagger + fastify-type-provider-zod's transforms). A route adds `tags`, `summary`,
 * `operationId` (and `description`) to its `schema`, and `config.access` when its handler narrows
 * who may call it beyond the guard (a session's members or owner). Everything else is derived:
 * the bearer security from the guard, the error answers, and what is left out (anything not under
 * /api/ or /chat/: /internal/*, /metrics, /readyz, /healthz, /.well-known/*).
 */

/** Who may call an operation (the document's `x-oneeta-access`). */
export const ACCESS_LEVELS = ['public', 'user', 'member', 'owner', 'admin'] as const;
export type Access = (typeof ACCESS_LEVELS)[number];

/** Every error answer of the kit's error handler (http.ts). */
export const errorSchema = z
  .object({
    error: z.string().describe('What went wrong, as a sentence for people'),
    code: z
      .string()
      .optional()
      .describe('A stable machine-readable code (validation_error, not_found…)'),
  })
  .meta({
    id: 'Error',
    description: 'An error answer',
    examples: [{ error: 'Sign in to continue', code: 'not_authenticated' }],
  });

/** Paths the gateway may route to a service; nothing else is ever documented. */
const PUBLIC_PATH = /^\/(api|chat)\//;
export const isPublicPath = (url: string): boolean => PUBLIC_PATH.test(url) && !url.includes('*');

export const INTERNAL_OPENAPI_PATH = '/internal/openapi.json';
const ERROR_REF = { $ref: '#/components/schemas/Error' };

export interface OpenApiOptions {
  /** The service's name: the document's title and the tag of routes that name none. */
  name: string;
  version?: string;
  /** Guards GET /internal/openapi.json (the gateway reads it); without one the route is not served. */
  guard?: Guard;
}

/** Registers the document builder; await it before the service's routes (it watches them being added). */
export async function registerOpenApi(app: App, options: OpenApiOptions): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: `OneETA ${options.name}`, version: options.version ?? '1.0.0' },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: routeTransform(options.name),
    transformObject: (input) =>
      pruneComponents(jsonSchemaTransformObject(input) as OpenAPIV3_1.Document),
  });
  if (options.guard) {
    app.get(
      INTERNAL_OPENAPI_PATH,
      { preHandler: options.guard, schema: { hide: true } },
      async () => app.swagger(),
    );
  }
}

export type OperationSchema = Record<string, unknown> & { response?: Record<string, unknown> };

function routeTransform(service: string): SwaggerTransform {
  return (input) => {
    const { url, route } = input;
    const schema = (input.schema ?? {}) as OperationSchema;
    const guardAccess = guardsOf(route.preHandler).concat(guardsOf(route.onRequest));
    if (!isPublicPath(url) || schema.hide || guardAccess.includes('internal')) {
      return { schema: { hide: true }, url };
    }
    const signIn = guardAccess.includes('admin')
      ? 'admin'
      : guardAccess.includes('user')
        ? 'user'
        : null;
    const given = (route.config as { access?: Access } | undefined)?.access;
    const access: Access = given ?? signIn ?? 'public';
    const optionalSignIn = guardAccess.includes('public');
    const out = jsonSchemaTransform({ ...input, schema }) as {
      schema: OperationSchema;
      url: string;
    };
    const method = [route.method].flat()[0]!;
    const documented = described(
      (out.schema.response ?? {}) as Record<string, Record<string, unknown>>,
    );
    const success = Object.keys(documented).some((code) => code.startsWith('2'))
      ? {}
      : { 200: { description: 'Done' } };
    out.schema = {
      ...out.schema,
      operationId: schema.operationId ?? defaultOperationId(method, url),
      tags: schema.tags ?? [service],
      response: { ...success, ...errorResponses(schema, access, optionalSignIn), ...documented },
      ...(access !== 'public'
        ? { security: [{ bearer: [] }] }
        : optionalSignIn
          ? { security: [{}, { bearer: [] }] }
          : {}),
      'x-oneeta-access': access,
    };
    return out;
  };
}

const STATUS_TEXT: Record<string, string> = {
  200: 'OK',
  201: 'Created',
  202: 'Accepted',
  204: 'No content',
  400: 'The request is not valid',
  403: 'The caller may not do this',
  409: 'Conflicts with the current state',
};

/** Each documented answer with a description (fastify-swagger would say 'Default Response'). */
function described(responses: Record<string, Record<string, unknown>>) {
  return Object.fromEntries(
    Object.entries(responses).map(([code, schema]) => [
      code,
      schema.description === undefined
        ? {
            ...schema,
            description: STATUS_TEXT[code] ?? (code.startsWith('2') ? 'Success' : 'Error'),
          }
        : schema,
    ]),
  );
}

function guardsOf(hooks: unknown): string[] {
  return [hooks]
    .flat()
    .map(accessOfGuard)
    .filter((access) => access !== undefined);
}

/** The error answers an operation may give, each an `Error`. */
function errorResponses(schema: OperationSchema, access: Access, optionalSignIn: boolean) {
  const answers: Record<string, { description: string }> = {};
  if (schema.body || schema.querystring || schema.params)
    answers[400] = { description: 'The request is not valid' };
  if (access !== 'public' || optionalSignIn)
    answers[401] = { description: 'Not signed in, or the token is not valid' };
  if (access !== 'public' && access !== 'user')
    answers[403] = { description: 'The caller may not do this' };
  if (schema.params) answers[404] = { description: 'Not found' };
  answers[429] = { description: 'Too many requests; retry after the Retry-After header' };
  answers[503] = { description: 'A dependency is unavailable; retry after the Retry-After header' };
  return Object.fromEntries(
    Object.entries(answers).map(([code, { description }]) => [code, { description, ...ERROR_REF }]),
  );
}

/** GET /api/sessions/:id/invite/:code → getApiSessionsIdInviteCode. */
export function defaultOperationId(method: string, url: string): string {
  const words = url.split(/[/:_.-]+/).filter(Boolean);
  return (
    method.toLowerCase() + words.map((word) => word[0]!.toUpperCase() + word.slice(1)).join('')
  );
}

/** Keeps only the component schemas the document references (the zod registry holds every id). */
export function pruneComponents<T extends { components?: OpenAPIV3_1.ComponentsObject }>(
  document: T,
): T {
  const schemas = document.components?.schemas ?? {};
  const used = new Set<string>();
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) return value.forEach(visit);
    if (!value || typeof value !== 'object') return;
    for (const [key, child] of Object.entries(value)) {
      if (
        key === '$ref' &&
        typeof child === 'string' &&
        child.startsWith('#/components/schemas/')
      ) {
        const name = child.slice('#/components/schemas/'.length);
        if (!used.has(name)) {
          used.add(name);
          visit(schemas[name]);
        }
      } else visit(child);
    }
  };
  visit({ ...document, components: { ...document.components, schemas: undefined } });
  const kept = Object.fromEntries(Object.entries(schemas).filter(([name]) => used.has(name)));
  return { ...document, components: { ...document.components, schemas: kept } };
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call this route when the handler narrows it beyond the guard (openapi.ts). */
    access?: Access;
  }
}
