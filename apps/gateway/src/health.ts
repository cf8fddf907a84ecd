import { healthResponseSchema, type HealthResponse } from '@oneeta/contracts';
import type { App } from '@oneeta/service-kit';
import type { ServiceName } from './routes-table.js';

const CHECK_TIMEOUT_MS = 1_500;

/** GET /api/health: always 200 with the time; each upstream's /readyz informs, never fails it. */
export function registerHealth(app: App, services: ReadonlyMap<ServiceName, string>): void {
  app.get(
    '/api/health',
    {
      schema: {
        tags: ['health'],
        operationId: 'getHealth',
        summary: 'The time, and whether each upstream service is ready',
        response: { 200: healthResponseSchema },
      },
    },
    async () => {
      const checks = await Promise.all(
        [...services].map(async ([name, url]) => [name, await readiness(url)] as const),
      );
      const answer: HealthResponse = {
        time: new Date().toISOString(),
        upstreams: Object.fromEntries(checks),
      };
      return answer;
    },
  );
}

async function readiness(baseUrl: string): Promise<{ ok: boolean; status?: number }> {
  try {
    const response = await fetch(new URL('/readyz', baseUrl), {
      signal: AbortSignal.timeout(CHECK_TIMEOUT_MS),
      headers: { accept: 'application/json' },
    });
    await response.body?.cancel();
    return { ok: response.ok, status: response.status };
  } catch {
    return { ok: false };
  }
}
