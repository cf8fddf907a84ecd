// Writes brotli (.br) and gzip (.gz) copies of the built text files beside them, so the gateway
// serves them precompressed (@fastify/static `preCompressed`) with no work per request.
import { readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** Files worth compressing: text. Images and fonts are compressed already; source maps are never fetched by visitors. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt|xml)$/;
/** Below this size the headers cost more than the bytes saved. */
export const MIN_BYTES = 1024;
const ENCODINGS = ['.br', '.gz'] as const;

/** The files under `dir` (relative, with '/'), recursively. */
function filesUnder(dir: string, base = ''): string[] {
  return readdirSync(path.join(dir, base), { withFileTypes: true }).flatMap((entry) => {
    const name = base ? `${base}/${entry.name}` : entry.name;
    return entry.isDirectory() ? filesUnder(dir, name) : [name];
  });
}

/**
 * Compresses every text file of `dir` at or above MIN_BYTES into `<file>.br` (quality 11) and
 * `<file>.gz` (level 9), each kept only when smaller than the file; removes compressed copies whose
 * file is gone or no longer worth one. Returns the files compressed.
 */
export function precompress(dir: string): string[] {
  const files = filesUnder(dir);
  const present = new Set(files);
  const done: string[] = [];
  for (const name of files) {
    const ext = ENCODINGS.find((e) => name.endsWith(e));
    if (ext) {
      const source = name.slice(0, -ext.length);
      if (!present.has(source) || !COMPRESSIBLE.test(source))
        rmSync(path.join(dir, name), { force: true });
      continue;
    }
    if (!COMPRESSIBLE.test(name)) continue;
    const full = path.join(dir, name);
    if (statSync(full).size < MIN_BYTES) {
      for (const e of ENCODINGS) rmSync(full + e, { force: true });
      continue;
    }
    const raw = readFileSync(full);
    const variants = {
      '.br': brotliCompressSync(raw, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: 11,
          [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
        },
      }),
      '.gz': gzipSync(raw, { level: 9 }),
    };
    for (const e of ENCODINGS) {
      if (variants[e].length < raw.length) writeFileSync(full + e, variants[e]);
      else rmSync(full + e, { force: true });
    }
    done.push(name);
  }
  return done;
}

/** Runs `precompress` on the output folder once every other plugin has written its files. */
export function precompressed(): Plugin {
  let outDir = 'dist';
  return {
    name: 'oneeta:precompress',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      handler() {
        precompress(outDir);
      },
    },
  };
}
