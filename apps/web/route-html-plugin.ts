// Writes `<page>.html` beside index.html for the lazy routes listed: index.html plus links to that
// route's chunk, the chunks it imports and its CSS, so a visitor who arrives on the route (a
// shared /s/{id} link) fetches them together with the entry instead of after it has run: one
// round trip less before the page shows. The gateway answers a navigation with the `.html` of its
// first path segment when the build wrote one (apps/gateway/src/web.ts), else with index.html.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin, Rollup } from 'vite';

/**
 * index.html with preload links for `files` that it does not link already, and `inlineScript`
 * (when given) before its first script: it runs as the parser reaches it, before the stylesheets
 * and the bundle have loaded (the gateway allows it by its hash, apps/gateway/src/web.ts).
 */
export function routePageHtml(
  indexHtml: string,
  files: readonly string[],
  inlineScript?: string,
): string {
  const links = files
    .filter((file) => !indexHtml.includes(`"/${file}"`))
    .map((file) =>
      file.endsWith('.css')
        ? `<link rel="stylesheet" crossorigin href="/${file}">`
        : `<link rel="modulepreload" crossorigin href="/${file}">`,
    );
  const withLinks = indexHtml.replace('</head>', `  ${links.join('\n    ')}\n  </head>`);
  if (inlineScript === undefined) return withLinks;
  if (inlineScript.includes('</'))
    throw new Error('route-html: an inline script may not hold "</"');
  const first = withLinks.indexOf('<script');
  if (first < 0) throw new Error('route-html: index.html has no <script>');
  return `${withLinks.slice(0, first)}<script>${inlineScript}</script>\n    ${withLinks.slice(first)}`;
}

/** The files a chunk needs when it runs: itself, its static imports (recursively) and their CSS. */
export function chunkFiles(bundle: Rollup.OutputBundle, fileName: string): string[] {
  const js = new Set<string>();
  const css = new Set<string>();
  const visit = (name: string) => {
    const chunk = bundle[name];
    if (js.has(name) || chunk?.type !== 'chunk') return;
    js.add(name);
    for (const file of chunk.viteMetadata?.importedCss ?? []) css.add(file);
    for (const imported of chunk.imports) visit(imported);
  };
  visit(fileName);
  return [...js, ...css];
}

/**
 * The page's chunks (`chunkFiles`) that are one of the `lazy` ones (by chunk name): a chunk the
 * page should load only later, which a static import from its first chunks pulls in at once.
 */
export function eagerLazyChunks(
  bundle: Rollup.OutputBundle,
  files: readonly string[],
  lazy: readonly string[],
): string[] {
  return files.filter((file) => {
    const chunk = bundle[file];
    return chunk?.type === 'chunk' && lazy.includes(chunk.name);
  });
}

export interface RoutePage {
  /** A test of the module id of the route, when it is lazy: its chunks are preloaded. */
  route?: RegExp;
  /** Chunks (by name) the route loads lazily: the build fails if its first chunks import them. */
  lazy?: string[];
  /** A script the page runs before its bundle (early-scripts.ts). */
  inlineScript?: string;
}

/** `pages`: the page's name (its first path segment) → its route and inline script. */
export function routeHtml(pages: Record<string, RoutePage>): Plugin {
  let outDir = 'dist';
  return {
    name: 'oneeta:route-html',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    writeBundle(_options, bundle) {
      const indexHtml = readFileSync(path.join(outDir, 'index.html'), 'utf8');
      for (const [page, { route: test, inlineScript, lazy = [] }] of Object.entries(pages)) {
        // The chunk that holds the route's module: its own, or a group's (vite.config.ts).
        const chunk = test
          ? Object.values(bundle).find(
              (c) => c.type === 'chunk' && c.moduleIds.some((id) => test.test(id)),
            )
          : undefined;
        if (test && !chunk)
          throw new Error(`route-html: no lazy chunk of ${test} for ${page}.html`);
        const files = chunk ? chunkFiles(bundle, chunk.fileName) : [];
        const eager = eagerLazyChunks(bundle, files, lazy);
        if (eager.length > 0)
          throw new Error(
            `route-html: ${page}.html would load ${eager.join(', ')} at once: a module of its first chunks imports from it`,
          );
        const html = routePageHtml(indexHtml, files, inlineScript);
        writeFileSync(path.join(outDir, `${page}.html`), html);
      }
    },
  };
}
