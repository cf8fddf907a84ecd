import { existsSync, readFileSync } from 'node:fs';

/** `FOO_BAR: z...` keys of a config schema file (none when the file does not exist yet). */
export function envKeysOf(file: string): string[] {
  if (!existsSync(file)) return [];
  return [...readFileSync(file, 'utf8').matchAll(/^\s*([A-Z][A-Z0-9_]+)\s*:/gm)].map(
    (m) => m[1] ?? '',
  );
}
