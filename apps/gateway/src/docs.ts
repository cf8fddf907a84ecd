import scalar from '@scalar/fastify-api-reference';
import type { App } from '@oneeta/service-kit';
import { OPENAPI_PATH } from './openapi.js';
import { inlineScriptHashes } from './inline-scripts.js';

export const DOCS_PATH = '/api/docs';

/**
 * The API reference page (Scalar) at /api/docs: its script is served by the plugin itself
 * (/api/docs/js/scalar.js) and it reads /api/openapi.json, so it needs nothing from the network;
 * the default fonts (a CDN) are off.
 */
export async function registerDocs(app: App): Promise<void> {
  await app.register(scalar, {
    routePrefix: DOCS_PATH,
    logLevel: 'warn',
    configuration: {
      url: OPENAPI_PATH,
      pageTitle: 'OneETA API reference',
      withDefaultFonts: false,
      hideClientButton: true,
      telemetry: false,
      agent: { disabled: true },
      mcp: { disabled: true },
      // Its toolbar (Configure, Share, Deploy) is Scalar's hosted service: never shown.
      showDeveloperTools: 'never',
    },
  });
  // The 4 MB script is the same while the gateway runs: let browsers keep it for an hour.
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.url === `${DOCS_PATH}/js/scalar.js` && reply.statusCode === 200) {
      reply.header('cache-control', 'public, max-age=3600');
    }
    return payload;
  });
}

/**
 * The policy of the reference page as sent: from the page itself when the answer is still text,
 * else (compressed) from the page fetched once uncompressed; the page does not change while the
 * gateway runs, so neither do its inline scripts.
 */
export function docsPolicyFor(app: App): (payload: unknown) => Promise<string> {
  let known: Promise<string> | null = null;
  return async (payload) => {
    if (typeof payload === 'string') return docsContentSecurityPolicy(payload);
    known ??= app
      .inject({ url: `${DOCS_PATH}/`, headers: { 'accept-encoding': 'identity' } })
      .then((answer) => docsContentSecurityPolicy(answer.payload));
    return known;
  };
}

/** Whether a path is the reference page or its assets. */
export const isDocsPath = (url: string): boolean =>
  url === DOCS_PATH || url.startsWith(`${DOCS_PATH}/`);

/**
 * The reference page's policy: our scripts plus the page's own inline ones (by hash); styles
 * inline too (the reference sets them at run time); images our own or data: URIs; fetches to our
 * origin only. Nothing else: the page's test (test/docs.test.ts) fails on any violation.
 */
export function docsContentSecurityPolicy(html: string): string {
  const directives: [string, ...string[]][] = [
    ['default-src', "'self'"],
    ['script-src', "'self'", ...inlineScriptHashes(html)],
    ['style-src', "'self'", "'unsafe-inline'"],
    ['img-src', "'self'", 'data:'],
    ['font-src', "'self'"],
    ['connect-src', "'self'"],
    ['worker-src', "'self'"],
    ['object-src', "'none'"],
    ['base-uri', "'self'"],
    ['form-action', "'self'"],
    ['frame-ancestors', "'none'"],
  ];
  return directives.map((parts) => parts.join(' ')).join('; ');
}
