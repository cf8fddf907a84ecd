import type { Plugin, Rollup } from 'vite';

/** V8's explicit compile hint (Chrome 136+): it must be a file's first line. */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/**
 * Puts the hint at the top of the named chunks and shifts their source maps by that line. V8
 * then compiles every function of those files while they stream in, on a background thread,
 * instead of on the main thread at each function's first call (issue 13).
 */
export function addCompileHints(bundle: Rollup.OutputBundle, chunkNames: ReadonlySet<string>) {
  const marked: string[] = [];
  for (const chunk of Object.values(bundle)) {
    if (chunk.type !== 'chunk' || !chunkNames.has(chunk.name)) continue;
    marked.push(chunk.name);
    if (chunk.code.startsWith(COMPILE_HINT)) continue;
    chunk.code = `${COMPILE_HINT}\n${chunk.code}`;
    const map = bundle[`${chunk.fileName}.map`];
    if (map?.type === 'asset' && typeof map.source === 'string') {
      const parsed = JSON.parse(map.source) as { mappings: string };
      parsed.mappings = `;${parsed.mappings}`;
      map.source = JSON.stringify(parsed);
    }
  }
  const missing = [...chunkNames].filter((name) => !marked.includes(name));
  if (missing.length > 0) throw new Error(`compile hints: no chunk named ${missing.join(', ')}`);
}

/**
 * The chunks a first screen runs, compiled eagerly. Runs after Vite's own generateBundle
 * (which prepends its preload map to a chunk), so the hint stays the first line.
 */
export function compileHints(chunkNames: ReadonlySet<string>): Plugin {
  return {
    name: 'oneeta-compile-hints',
    apply: 'build',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        addCompileHints(bundle, chunkNames);
      },
    },
  };
}
