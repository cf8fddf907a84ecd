import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** Env schemas shared through a package: a config that spreads one reads its keys too. */
const SHARED_SCHEMAS: Record<string, string> = {
  mapsEnvSchema: 'packages/maps/src/config.ts',
};

/**
 * `FOO_BAR: z...` keys of a config schema file (none when the file does not exist yet), plus the
 * keys of any shared schema it uses (e.g. `mapsEnvSchema`).
 */
export function envKeysOf(file: string): string[] {
  if (!existsSync(file)) return [];
  const text = readFileSync(file, 'utf8');
  const own = [...text.matchAll(/^\s*([A-Z][A-Z0-9_]+)\s*:/gm)].map((m) => m[1] ?? '');
  const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../..');
  const shared = Object.entries(SHARED_SCHEMAS)
    .filter(
      ([name, schemaFile]) =>
        text.includes(name) && path.resolve(root, schemaFile) !== path.resolve(file),
    )
    .flatMap(([, schemaFile]) => envKeysOf(path.join(root, schemaFile)));
  return [...new Set([...own, ...shared])];
}
