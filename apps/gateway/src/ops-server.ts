import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { HttpError, isDraining, type App } from '@oneeta/service-kit';

/** Served on the operations port only; the public port answers 404 for them. */
const OPS_PATHS = new Set(['/metrics', '/readyz', '/healthz']);
const HIDDEN = new Set(['/metrics', '/readyz']);
const OPS_HEADER = 'x-oneeta-ops';

export interface OpsOptions {
  /** METRICS_PORT; undefined: no operations port (metrics and readiness are not served at all). */
  port: number | undefined;
  /** METRICS_HOST (default 127.0.0.1, so only the host itself reaches it). */
  host: string;
}

/**
 * Keeps the kit's /metrics and /readyz off the public port (whose /healthz answers 503 once the
 * gateway drains, so a balancer stops choosing it), and, when METRICS_PORT is set, serves
 * them (and /healthz) on their own listener bound to METRICS_HOST, started with the app and
 * closed with it. The listener answers through `app.inject`, marked by a per-process secret, so
 * the kit's own handlers (and their format) stay the one implementation.
 */
export function registerOpsPort(app: App, { port, host }: OpsOptions): void {
  const secret = randomBytes(32).toString('hex');
  app.addHook('onRequest', async (request) => {
    const path = request.url.split('?', 1)[0]!;
    if (request.headers[OPS_HEADER] === secret) return;
    if (HIDDEN.has(path)) {
      throw new HttpError(404, `No route for ${request.method} ${path}`, 'not_found');
    }
    // The balancer in front checks the public /healthz: a stopping replica leaves its rotation
    // while it still serves what it has (liveness, on the operations port, stays 200).
    if (path === '/healthz' && isDraining(app)) {
      throw new HttpError(503, 'This gateway is stopping', 'draining');
    }
  });
  if (port === undefined) return;

  const server: Server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?', 1)[0]!;
    if (req.method !== 'GET' || !OPS_PATHS.has(path)) {
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: `No route for ${req.method} ${path}`, code: 'not_found' }));
      return;
    }
    app.inject({ method: 'GET', url: path, headers: { [OPS_HEADER]: secret } }).then(
      (answer) => {
        const type = answer.headers['content-type'] ?? 'text/plain';
        res.writeHead(answer.statusCode, { 'content-type': String(type) });
        res.end(answer.rawPayload);
      },
      (err: unknown) => {
        app.log.warn({ err }, 'operations port request failed');
        res.writeHead(500).end();
      },
    );
  });
  app.decorate('opsServer', server);
  app.addHook('onListen', async () => {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => {
        server.off('error', reject);
        const address = server.address() as AddressInfo;
        app.log.info({ port: address.port, host }, 'metrics and readiness on the operations port');
        resolve();
      });
    });
  });
  app.addHook('onClose', async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The METRICS_PORT listener, when configured. */
    opsServer?: Server;
  }
}
