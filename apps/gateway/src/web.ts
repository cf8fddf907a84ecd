import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { HttpError, type App } from '@oneeta/service-kit';
import { fileScriptHashes } from './inline-scripts.js';
import { allowInlineScripts } from './security-headers.js';

/** Paths that never fall back to the web app. */
const NOT_WEB = /^\/(api|ws|internal|chat)(\/|$)/;

/**
 * Serves the built web app from `root` when the folder exists: files as they are (or their
 * precompressed brotli/gzip copy when the client accepts it), and index.html
 * for a browser navigation (GET of a path without an extension, accepting text/html) so client-side
 * routes survive a reload — or `<first path segment>.html` when the build wrote one (/s/{id} →
 * s.html: index.html that also preloads that route's chunks, apps/web/route-html-plugin.ts).
 * A page's own inline scripts (the early requests of s.html and sessions.html) are allowed by their hash in its CSP.
 * Everything else that is missing gets the usual 404 answer.
 */
export async function registerWeb(app: App, root: string): Promise<boolean> {
  if (!existsSync(root)) return false;
  // preCompressed: the build writes .br and .gz beside each text file (apps/web precompress-plugin);
  // a client that accepts one gets it with Content-Encoding and Vary: Accept-Encoding.
  await app.register(fastifyStatic, {
    root: path.resolve(root),
    serve: false,
    preCompressed: true,
  });

  const scriptHashes = fileScriptHashes();
  app.get('/*', async (request, reply) => {
    const urlPath = request.url.split('?', 1)[0]!;
    const notFound = new HttpError(404, `No route for ${request.method} ${urlPath}`, 'not_found');
    if (NOT_WEB.test(urlPath)) throw notFound;
    const file = (request.params as { '*'?: string })['*'] ?? '';
    if (isNavigation(file, request.headers.accept)) {
      // HTML is never cached without asking (a new build must reach everyone at once).
      reply.header('cache-control', 'no-cache');
      const page = pageHtml(root, file);
      allowInlineScripts(request, await scriptHashes(path.resolve(root, page)));
      return reply.sendFile(page, { cacheControl: false });
    }
    // Vite puts content-hashed files under assets/: cache them for good.
    const hashed = file.startsWith('assets/');
    return reply.sendFile(file, hashed ? { maxAge: '365d', immutable: true } : { maxAge: 0 });
  });
  return true;
}

/** The HTML of a navigation to `file`: its first segment's own page when built, else index.html. */
function pageHtml(root: string, file: string): string {
  const segment = file.split('/', 1)[0] ?? '';
  const page = `${segment}.html`;
  return /^[a-z0-9-]+$/.test(segment) && segment !== 'index' && existsSync(path.join(root, page))
    ? page
    : 'index.html';
}

function isNavigation(file: string, accept: string | undefined): boolean {
  const last = file.split('/').at(-1) ?? '';
  return !last.includes('.') && (accept ?? '').includes('text/html');
}
