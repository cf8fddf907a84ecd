// Building the web app the gateway serves: `pnpm start` runs `vite build` in apps/web when
// apps/web/dist/index.html is missing or older than the newest source file.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Logger } from './output.js';
import { pipeLines } from './output.js';

/** What the web build reads, relative to the repo root (workspace packages are bundled from source). */
export const WEB_SOURCES = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  // The build-time modules vite.config.ts imports (launcher.test.ts checks the list is whole).
  'apps/web/compile-hints-plugin.ts',
  'apps/web/early-scripts.ts',
  'apps/web/precompress-plugin.ts',
  'apps/web/route-html-plugin.ts',
  'apps/web/sw-manifest-plugin.ts',
  'apps/web/package.json',
  'packages/contracts/src',
  'packages/travel/src',
] as const;

export const WEB_DIR = 'apps/web';
export const WEB_DIST_INDEX = 'apps/web/dist/index.html';

export interface SourceStamp {
  /** Relative to the repo root. */
  path: string;
  mtimeMs: number;
}

export type WebBuildDecision = { build: boolean; reason: string };

/**
 * Whether the web app needs building: when the built index.html is missing, or older than the
 * newest source file. Pure: the caller reads the times.
 */
export function webBuildDecision(
  distIndexMtimeMs: number | undefined,
  newest: SourceStamp | undefined,
): WebBuildDecision {
  if (distIndexMtimeMs === undefined) {
    return { build: true, reason: `${WEB_DIST_INDEX} is missing` };
  }
  if (newest && newest.mtimeMs > distIndexMtimeMs) {
    return { build: true, reason: `${newest.path} changed since the last build` };
  }
  return { build: false, reason: `${WEB_DIST_INDEX} is newer than every source file` };
}

/** Unit tests are not part of the bundle: changing one needs no new build. */
const NOT_BUNDLED = /\.test\.tsx?$/;

/** The most recently modified file under `entries` (files or folders, relative to `root`). */
export function newestSource(root: string, entries: readonly string[]): SourceStamp | undefined {
  let newest: SourceStamp | undefined;
  const visit = (relative: string) => {
    const full = path.join(root, relative);
    let stat;
    try {
      stat = statSync(full);
    } catch {
      return; // absent: nothing to compare
    }
    if (stat.isDirectory()) {
      for (const entry of readdirSync(full)) {
        if (entry === 'node_modules' || entry.startsWith('.')) continue;
        visit(path.join(relative, entry));
      }
    } else if (stat.isFile() && !NOT_BUNDLED.test(relative)) {
      if (!newest || stat.mtimeMs > newest.mtimeMs)
        newest = { path: relative, mtimeMs: stat.mtimeMs };
    }
  };
  for (const entry of entries) visit(entry);
  return newest;
}

function mtimeOf(file: string): number | undefined {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return undefined;
  }
}

const LOCK_STALE_MS = 5 * 60_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * One build at a time per checkout (two stacks started side by side share apps/web/dist): a lock
 * folder, taken atomically with mkdir; one older than LOCK_STALE_MS is left over and taken over.
 */
async function withLock<T>(lockDir: string, work: () => Promise<T>): Promise<T> {
  mkdirSync(path.dirname(lockDir), { recursive: true });
  for (;;) {
    try {
      mkdirSync(lockDir);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const age = Date.now() - (mtimeOf(lockDir) ?? Date.now());
      if (age > LOCK_STALE_MS) rmSync(lockDir, { recursive: true, force: true });
      else await sleep(250);
    }
  }
  try {
    return await work();
  } finally {
    rmSync(lockDir, { recursive: true, force: true });
  }
}

export interface WebBuildOptions {
  root: string;
  log: Logger;
  /** Prefix of the build's own output lines (`web | `). */
  prefix: string;
  env: Record<string, string | undefined>;
  /** Told of the build process, so stopping the launcher can stop it too. */
  onProcess?: (proc: ChildProcess) => void;
}

/**
 * Builds apps/web when its dist is missing or stale, saying what it does and why. Never throws: a
 * failed build is reported and the gateway serves whatever dist there is (or none).
 */
export async function ensureWebBuild(options: WebBuildOptions): Promise<void> {
  const { root, log, env } = options;
  const webDir = path.join(root, WEB_DIR);
  if (!existsSync(path.join(webDir, 'package.json'))) return;
  const customDist = env.WEB_DIST && path.resolve(root, env.WEB_DIST);
  if (customDist && customDist !== path.join(webDir, 'dist')) {
    log.info(`web app: WEB_DIST is set to ${customDist}; not building ${WEB_DIR}`);
    return;
  }
  const vite = path.join(webDir, 'node_modules/vite/bin/vite.js');
  const decide = () =>
    webBuildDecision(mtimeOf(path.join(root, WEB_DIST_INDEX)), newestSource(root, WEB_SOURCES));

  try {
    const first = decide();
    if (!first.build) {
      log.info(`web app: up to date (${first.reason})`);
      return;
    }
    if (!existsSync(vite)) {
      log.error(`web app: not built (${first.reason}) and vite is missing: run pnpm install`);
      return;
    }
    await withLock(path.join(webDir, 'node_modules/.oneeta-build.lock'), async () => {
      const now = decide(); // another launcher may have built it while this one waited
      if (!now.build) {
        log.info('web app: built by another launcher meanwhile');
        return;
      }
      log.info(`web app: building (${now.reason}): vite build in ${WEB_DIR}`);
      const started = Date.now();
      const code = await runVite(vite, webDir, options);
      if (code === 0) {
        log.info(
          `web app: built ${WEB_DIR}/dist in ${((Date.now() - started) / 1000).toFixed(1)} s`,
        );
      } else {
        const serving = existsSync(path.join(root, WEB_DIST_INDEX))
          ? `the previous ${WEB_DIR}/dist is served`
          : 'no web app is served';
        log.error(`web app: vite build failed (${code}); ${serving}`);
      }
    });
  } catch (error) {
    log.error(`web app: build skipped: ${error instanceof Error ? error.message : String(error)}`);
  }
}

function runVite(vite: string, cwd: string, options: WebBuildOptions): Promise<string | number> {
  return new Promise((resolve) => {
    const proc = spawn(process.execPath, [vite, 'build', '--logLevel', 'warn'], {
      cwd,
      env: { ...options.env, NODE_ENV: 'production' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    options.onProcess?.(proc);
    if (proc.stdout) pipeLines(proc.stdout, options.prefix, process.stdout);
    if (proc.stderr) pipeLines(proc.stderr, options.prefix, process.stderr);
    proc.once('error', (error) => resolve(`error ${error.message}`));
    proc.once('exit', (code, signal) => resolve(signal ? `signal ${signal}` : (code ?? 1)));
  });
}
