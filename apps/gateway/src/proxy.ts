import proxy from '@fastify/http-proxy';
import { HttpError, retryingConnector, type App } from '@oneeta/service-kit';
import { BODY_TOO_LARGE, cutAtLimit, limitBody } from './body-limit.js';
import { upstreamHeaders } from './forwarded.js';
import { matchRoute, mountPoints, type Route } from './routes-table.js';

export interface ProxyOptions {
  routes: readonly Route[];
  /** Largest request body passed upstream, in bytes (larger: 413 from the gateway). */
  bodyLimit: number;
}

const UNAVAILABLE = { error: 'Service unavailable', code: 'upstream_unavailable' };
const TOO_LARGE = { error: BODY_TOO_LARGE, code: 'body_too_large' };
const TIMED_OUT = { error: 'Service timed out', code: 'upstream_timeout' };

/**
 * Mounts one reverse proxy over '/api/*' and '/chat/*'. Each request is matched against the
 * routing table; no match (or a service not configured) answers 404 before anything is sent
 * upstream. Bodies are streamed through unparsed, up to `bodyLimit` bytes (src/body-limit.ts); an
 * upstream's own 413 goes back as it is. The path goes upstream as sent (no rewrite). A connection
 * that no upstream process accepts (a replica stopping or starting) is tried again for about 3 s
 * before the answer is 502 (service-kit's retryingConnector).
 */
export async function registerProxy(app: App, { routes, bodyLimit }: ProxyOptions): Promise<void> {
  const upstreamOf = (url: string): Route => {
    const route = matchRoute(routes, url);
    if (!route) throw new HttpError(404, `No route for ${url.split('?', 1)[0]}`, 'not_found');
    return route;
  };

  await app.register(proxy, {
    upstream: '',
    disableRequestLogging: true,
    undici: { connect: retryingConnector() },
    routes: mountPoints(routes).flatMap((mount) => [mount, `${mount}/*`]),
    preHandler: async (request) => {
      upstreamOf(request.url);
      limitBody(request, bodyLimit);
    },
    replyOptions: {
      getUpstream: (request) => upstreamOf(request.url).upstream!,
      rewriteRequestHeaders: (request, headers) => upstreamHeaders(request, headers),
      // Upstream answers go back as they are; only a failure to reach the upstream is ours.
      retryDelay: () => null,
      onError: (reply, { error }) => {
        if (cutAtLimit(reply.request)) {
          void reply.code(413).header('connection', 'close').send(TOO_LARGE);
          return;
        }
        reply.log.warn({ err: error }, 'upstream request failed');
        const timedOut = (error as { statusCode?: number }).statusCode === 504;
        void reply.code(timedOut ? 504 : 502).send(timedOut ? TIMED_OUT : UNAVAILABLE);
      },
    },
  });
}
