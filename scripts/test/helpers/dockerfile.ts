// Reading a Dockerfile's COPY/ADD instructions and its .dockerignore, for the compose test.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ignore, { type Ignore } from 'ignore';

/** Every Dockerfile in the repository (`Dockerfile`, `*.Dockerfile`, `Dockerfile.*` but not ignore files). */
export function findDockerfiles(root: string, dir = ''): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
    const rel = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
      found.push(...findDockerfiles(root, rel));
    } else if (/(^|\.)Dockerfile($|\.)/.test(entry.name) && !entry.name.endsWith('.dockerignore')) {
      found.push(rel);
    }
  }
  return found;
}

/** The sources of every COPY/ADD that reads the build context (not `--from=<stage>`, not a URL). */
export function copySources(dockerfile: string): string[] {
  const lines = dockerfile
    .replace(/\\\r?\n/g, ' ')
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'));
  const sources: string[] = [];
  for (const line of lines) {
    const match = /^(COPY|ADD)\s+(.*)$/i.exec(line);
    if (!match) continue;
    const words = match[2]!.split(/\s+/);
    if (words.some((w) => w.startsWith('--from='))) continue;
    const args = words.filter((w) => !w.startsWith('--'));
    const list = args[0]?.startsWith('[') ? (JSON.parse(args.join(' ')) as string[]) : args;
    // ADD of a URL downloads at build time: it reads nothing from the build context.
    sources.push(...list.slice(0, -1).filter((source) => !/^https?:\/\//.test(source)));
  }
  return sources;
}

/** The ignore rules BuildKit applies: `<Dockerfile>.dockerignore` next to it, else `<context>/.dockerignore`. */
export function dockerignoreFor(root: string, dockerfile: string): Ignore {
  const own = path.join(root, `${dockerfile}.dockerignore`);
  const shared = path.join(root, '.dockerignore');
  const file = existsSync(own) ? own : existsSync(shared) ? shared : undefined;
  return ignore().add(file ? readFileSync(file, 'utf8') : '');
}
