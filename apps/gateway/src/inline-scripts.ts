import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';

/** The sha256 sources of the inline <script> bodies of an HTML page (CSP 'sha256-…'). */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)) {
    const body = match[1]!;
    if (body.length > 0)
      hashes.push(`'sha256-${createHash('sha256').update(body).digest('base64')}'`);
  }
  return hashes;
}

/**
 * The inline script hashes of an HTML file, read again only when the file changes (a new build
 * writes new pages while the gateway runs).
 */
export function fileScriptHashes(): (file: string) => Promise<string[]> {
  const known = new Map<string, { mtimeMs: number; hashes: string[] }>();
  return async (file) => {
    const { mtimeMs } = await stat(file);
    const cached = known.get(file);
    if (cached?.mtimeMs === mtimeMs) return cached.hashes;
    const hashes = inlineScriptHashes(await readFile(file, 'utf8'));
    known.set(file, { mtimeMs, hashes });
    return hashes;
  };
}
