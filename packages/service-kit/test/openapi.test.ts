import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createGuards, createHttpApp, createTokenVerifier, registerOpenApi } from '../src/index.js';

const INTERNAL = 'internal-token-for-openapi-test';

const itemSchema = z
  .object({ id: z.uuid(), name: z.string().min(1).max(80) })
  .meta({ id: 'KitTestItem' });

async function buildDocumentedApp() {
  const guards = createGuards({
    verify: createTokenVerifier({ jwks: { keys: [] } }),
    internalToken: INTERNAL,
  });
  const app = createHttpApp({ name: 'kit-test', logLevel: 'silent', metrics: true });
  await registerOpenApi(app, { name: 'kit-test', guard: guards.requireInternal });
  app.get(
    '/api/things/:id',
    {
      preHandler: guards.optionalUser,
      schema: {
        tags: ['things'],
        summary: 'Read a thing',
        operationId: 'getThing',
        params: z.object({ id: z.uuid() }),
        response: { 200: itemSchema },
      },
    },
    async (request) => ({ id: request.params.id, name: 'x' }),
  );
  app.post(
    '/api/things',
    {
      preHandler: guards.requireUser,
      schema: {
        body: z.object({ name: z.string().min(1).max(80), kind: z.enum(['a', 'b']) }),
        response: { 201: itemSchema, 409: z.object({ error: z.string() }) },
      },
    },
    async (_request, reply) => reply.status(201).send({ id: crypto.randomUUID(), name: 'x' }),
  );
  app.delete(
    '/api/things/:id',
    {
      preHandler: guards.requireUser,
      config: { access: 'owner' },
      schema: { params: z.object({ id: z.uuid() }) },
    },
    async () => ({}),
  );
  app.get(
    '/api/admin/things',
    {
      preHandler: guards.requireAdmin,
      schema: {
        querystring: z.object({ limit: z.coerce.number().int().min(1).max(50).default(20) }),
      },
    },
    async () => ({}),
  );
  app.get('/internal/things', { preHandler: guards.requireInternal }, async () => ({}));
  app.get('/.well-known/thing.json', async () => ({}));
  await app.ready();
  return app;
}

type Operation = {
  operationId?: string;
  security?: unknown;
  'x-oneeta-access'?: string;
  responses: Record<string, { content?: Record<string, { schema: unknown }> }>;
  parameters?: { in: string; name: string; required?: boolean; schema: Record<string, unknown> }[];
  requestBody?: { content: Record<string, { schema: Record<string, unknown> }> };
};
type Document = {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, unknown>; securitySchemes: Record<string, unknown> };
};

describe('the service document (registerOpenApi)', () => {
  const load = async () => {
    const app = await buildDocumentedApp();
    const answer = await app.inject({
      url: '/internal/openapi.json',
      headers: { 'x-internal-token': INTERNAL },
    });
    const refused = await app.inject({ url: '/internal/openapi.json' });
    await app.close();
    return { document: answer.json<Document>(), status: answer.statusCode, refused };
  };

  it('serves the document on /internal/openapi.json to the internal token only', async () => {
    const { status, refused, document } = await load();
    expect(status).toBe(200);
    expect(refused.statusCode).toBe(403);
    expect(document.openapi).toBe('3.1.0');
  });

  it('documents the public routes only: no /internal, /metrics, /readyz, /healthz or /.well-known', async () => {
    const { document } = await load();
    expect(Object.keys(document.paths).sort()).toEqual([
      '/api/admin/things',
      '/api/things',
      '/api/things/{id}',
    ]);
    expect(Object.keys(document.paths['/api/things/{id}']!).sort()).toEqual(['delete', 'get']);
  });

  it('states the access and bearer security of each operation from its guard or config.access', async () => {
    const { document } = await load();
    const op = (path: string, method: string) => document.paths[path]![method]!;
    expect(op('/api/things/{id}', 'get')).toMatchObject({
      'x-oneeta-access': 'public',
      security: [{}, { bearer: [] }],
    });
    expect(op('/api/things', 'post')).toMatchObject({
      'x-oneeta-access': 'user',
      security: [{ bearer: [] }],
    });
    expect(op('/api/things/{id}', 'delete')).toMatchObject({
      'x-oneeta-access': 'owner',
      security: [{ bearer: [] }],
    });
    expect(op('/api/admin/things', 'get')).toMatchObject({
      'x-oneeta-access': 'admin',
      security: [{ bearer: [] }],
    });
    expect(document.components.securitySchemes).toEqual({
      bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
    });
  });

  it('gives every operation an operationId, and its error answers the Error schema', async () => {
    const { document } = await load();
    const errorRef = { $ref: '#/components/schemas/Error' };
    for (const methods of Object.values(document.paths)) {
      for (const op of Object.values(methods)) {
        expect(op.operationId).toMatch(/^[a-z][A-Za-z]+$/);
        expect(op.responses['503']?.content?.['application/json']?.schema).toEqual(errorRef);
      }
    }
    expect(document.paths['/api/things']!.post!.operationId).toBe('postApiThings');
    expect(document.paths['/api/things/{id}']!.get!.operationId).toBe('getThing');
    expect(
      document.paths['/api/things/{id}']!.delete!.responses['403']?.content?.['application/json']
        ?.schema,
    ).toEqual(errorRef);
    expect(document.components.schemas['Error']).toMatchObject({ required: ['error'] });
  });

  it('names registered schemas as components and keeps request schemas precise', async () => {
    const { document } = await load();
    const get = document.paths['/api/things/{id}']!.get!;
    expect(get.responses['200']?.content?.['application/json']?.schema).toEqual({
      $ref: '#/components/schemas/KitTestItem',
    });
    expect(get.parameters).toEqual([
      expect.objectContaining({
        in: 'path',
        name: 'id',
        required: true,
        schema: expect.objectContaining({ format: 'uuid' }),
      }),
    ]);
    const body =
      document.paths['/api/things']!.post!.requestBody!.content['application/json']!.schema;
    expect(body).toMatchObject({
      required: ['name', 'kind'],
      properties: { name: { minLength: 1, maxLength: 80 }, kind: { enum: ['a', 'b'] } },
    });
    const query = document.paths['/api/admin/things']!.get!.parameters![0]!;
    expect(query).toMatchObject({
      in: 'query',
      name: 'limit',
      required: false,
      schema: { type: 'integer', minimum: 1, maximum: 50 },
    });
    // Only the components the document uses.
    expect(Object.keys(document.components.schemas).sort()).toEqual(['Error', 'KitTestItem']);
  });
});
