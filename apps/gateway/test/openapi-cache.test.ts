import { startAuth, type AuthHarness } from '@oneeta/auth/testing';
import { TEST_INTERNAL_TOKEN } from '@oneeta/service-kit/testing';
import Fastify from 'fastify';
import type { OpenAPIV3_1 } from 'openapi-types';
import { afterAll, describe, expect, it } from 'vitest';
import { createApiDocument } from '../src/openapi.js';
import { routesTable } from '../src/routes-table.js';
import { deadUrl } from './helpers.js';

/** The merged document's cache: kept once complete, built again soon while a service is missing. */
const own: OpenAPIV3_1.Document = {
  openapi: '3.1.0',
  info: { title: 'gateway', version: '1.0.0' },
  paths: {},
  components: {},
};
const upstreams = (document: OpenAPIV3_1.Document) =>
  (document.info as { 'x-oneeta-upstreams'?: Record<string, string> })['x-oneeta-upstreams'];

let auth: AuthHarness | undefined;
afterAll(async () => {
  await auth?.close();
});

describe('the merged document cache', () => {
  it('names a service it could not read, retries it shortly, then keeps the complete document', async () => {
    const authUrl = await deadUrl();
    const document = createApiDocument({
      routes: routesTable({ AUTH_URL: authUrl }),
      internalToken: TEST_INTERNAL_TOKEN,
      own: () => own,
      log: Fastify({ logger: false }).log,
      retryMs: 100,
      ttlMs: 60_000,
    });
    const first = await document.get();
    expect(upstreams(first)).toEqual({ auth: 'unavailable' });
    expect(Object.keys(first.paths ?? {})).toEqual([]);

    auth = await startAuth();
    await auth.app.listen({ port: Number(new URL(authUrl).port), host: '127.0.0.1' });
    await expect
      .poll(async () => upstreams(await document.get())?.auth, { timeout: 10_000 })
      .toBe('ok');
    const complete = await document.get();
    expect(Object.keys(complete.paths ?? {})).toContain('/api/auth/login');
    // Kept: the same document object until the TTL, without asking the service again.
    await auth.app.close();
    expect(await document.get()).toBe(complete);
  }, 60_000);
});
