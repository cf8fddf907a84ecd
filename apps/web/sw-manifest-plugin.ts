// Writes the precache list of public/sw.js at build time: index.html plus every emitted file.
// The build does not empty dist/ first (a running gateway keeps serving the old files while a new
// build is written); instead, once the new files are out, assets no longer emitted are removed.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

/** The marker public/sw.js carries where the manifest goes. */
export const MANIFEST_MARKER = '/*__PRECACHE_MANIFEST__*/ null';

export interface PrecacheManifest {
  version: string;
  urls: string[];
}

/**
 * What the service worker precaches: the shell (/index.html) and each built file, as absolute
 * URLs, sorted; source maps and the service worker itself left out. The version is a hash of the
 * list, which names every hashed asset, so each build that changes a file makes a new cache.
 */
/**
 * Chunks left out of the precache: heavy code loaded lazily only where needed (azure-maps-control
 * on the session and invite pages when Azure Maps is configured, maplibre-gl and its worker when a
 * MapLibre style is; the admin portal with its charts,
 * for the administrator alone; the ACS chat and calling SDKs, for an ACS token alone). The service worker caches them on first use instead, so a visitor
 * of the landing page never downloads them.
 */
export const LAZY_SDK_CHUNK =
  /^assets\/(azure-adapter|maplibre-adapter|maplibre-gl-worker|admin|charts|acs-chat|acs-calling)-/;

export function precacheManifest(fileNames: readonly string[]): PrecacheManifest {
  const files = fileNames
    .filter((name) => !name.endsWith('.map') && name !== 'sw.js' && name !== 'index.html')
    .filter((name) => !LAZY_SDK_CHUNK.test(name))
    .map((name) => `/${name.replace(/^\/+/, '')}`);
  const urls = ['/index.html', ...[...new Set(files)].sort()];
  const version = createHash('sha256').update(urls.join('\n')).digest('hex').slice(0, 12);
  return { version, urls };
}

/** The service worker's source with the marker replaced by the manifest. */
export function injectManifest(source: string, manifest: PrecacheManifest): string {
  if (!source.includes(MANIFEST_MARKER)) {
    throw new Error(`sw.js lacks the marker ${MANIFEST_MARKER}`);
  }
  return source.replace(MANIFEST_MARKER, JSON.stringify(manifest));
}

/** Files under assets/ that the current build did not emit (left over from earlier builds). */
export function staleAssets(existing: readonly string[], emitted: readonly string[]): string[] {
  const keep = new Set(emitted);
  return existing.filter((name) => name.startsWith('assets/') && !keep.has(name));
}

export function serviceWorkerManifest(): Plugin {
  let outDir = 'dist';
  let root = process.cwd();
  let publicFiles: string[] = [];
  let emitted: string[] = [];
  return {
    name: 'oneeta:sw-manifest',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
      // Files copied as they are from public/ (the service worker itself is left out later).
      const publicDir = config.publicDir;
      publicFiles =
        publicDir && existsSync(publicDir)
          ? readdirSync(publicDir, { withFileTypes: true })
              .filter((entry) => entry.isFile())
              .map((entry) => entry.name)
          : [];
    },
    // The bundle as written: at generateBundle, Vite may still drop chunks afterwards (a JS chunk
    // that only held CSS), which would put a missing file on the precache list and fail the install.
    writeBundle(_options, bundle) {
      emitted = Object.keys(bundle);
    },
    closeBundle() {
      const target = path.join(outDir, 'sw.js');
      const source = existsSync(target)
        ? readFileSync(target, 'utf8')
        : readFileSync(path.join(root, 'public/sw.js'), 'utf8');
      if (source.includes(MANIFEST_MARKER)) {
        writeFileSync(
          target,
          injectManifest(source, precacheManifest([...emitted, ...publicFiles])),
        );
      }
      const assetsDir = path.join(outDir, 'assets');
      const existing = existsSync(assetsDir)
        ? readdirSync(assetsDir).map((name) => `assets/${name}`)
        : [];
      for (const stale of staleAssets(existing, emitted)) {
        rmSync(path.join(outDir, stale), { force: true });
      }
    },
  };
}
