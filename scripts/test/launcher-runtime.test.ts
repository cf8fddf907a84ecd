// The launcher's runtime parts: finding Redis, the children's output, the web build, restarts.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { pipeLines, prettyLogLine } from '../launcher/output.js';
import { findOnPath, NO_REDIS_MESSAGE, resolveRedis, type RedisDeps } from '../launcher/redis.js';
import { CrashHistory, DEFAULT_RESTART_POLICY } from '../launcher/restart-policy.js';
import { newestSource, webBuildDecision, WEB_SOURCES } from '../launcher/web-build.js';
import { root as repoRoot } from './helpers/launcher.js';

const tmp = mkdtempSync(path.join(tmpdir(), 'oneeta-launcher-runtime-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('finding Redis', () => {
  const fake = (answering: string[], binary?: string): RedisDeps => ({
    ping: async (url) => answering.includes(url),
    findBinary: () => binary,
    start: async (_bin, dir) => ({
      url: `redis://started${dir}`,
      source: 'started',
      stop: async () => {},
    }),
  });

  it('uses REDIS_URL when set', async () => {
    await expect(
      resolveRedis({ REDIS_URL: 'redis://x:1' }, '/d', fake(['redis://x:1'])),
    ).resolves.toEqual({
      url: 'redis://x:1',
      source: 'REDIS_URL',
    });
  });

  it('fails clearly when REDIS_URL does not answer, without printing its password', async () => {
    await expect(
      resolveRedis({ REDIS_URL: 'redis://:hunter2@x:1' }, '/d', fake([])),
    ).rejects.toThrow('REDIS_URL is set to redis://:***@x:1, but that Redis does not answer PING');
  });

  it('uses 127.0.0.1:6379 when it answers', async () => {
    await expect(
      resolveRedis({}, '/d', fake(['redis://127.0.0.1:6379'], '/bin/redis-server')),
    ).resolves.toMatchObject({
      source: 'local',
    });
  });

  it('starts redis-server with its data under DATA_DIR/redis otherwise', async () => {
    await expect(resolveRedis({}, '/d', fake([], '/bin/redis-server'))).resolves.toMatchObject({
      url: 'redis://started/d/redis',
      source: 'started',
    });
  });

  it('says how to get Redis when there is none', async () => {
    await expect(resolveRedis({}, '/d', fake([]))).rejects.toThrow(NO_REDIS_MESSAGE);
    expect(NO_REDIS_MESSAGE).toContain('apt-get install redis-server');
    expect(NO_REDIS_MESSAGE).toContain('REDIS_URL=');
  });

  it('finds executables on PATH', () => {
    expect(findOnPath('sh', '/nonexistent:/bin:/usr/bin')).toMatch(/\/sh$/);
    expect(findOnPath('no-such-binary-here', '/bin')).toBeUndefined();
  });
});

describe('child output', () => {
  it('shortens a pino line to level, message and the interesting fields', () => {
    const line = JSON.stringify({
      level: 30,
      time: 1,
      pid: 2,
      hostname: 'h',
      service: 'auth',
      reqId: 'r',
      res: { statusCode: 201 },
      responseTime: 17.4,
      msg: 'request completed',
    });
    expect(prettyLogLine(line)).toBe('INFO request completed 201 17 ms');
    expect(prettyLogLine(JSON.stringify({ level: 40, msg: 'slow', upstream: 'auth' }))).toBe(
      'WARN slow {"upstream":"auth"}',
    );
    expect(
      prettyLogLine(
        JSON.stringify({
          level: 50,
          msg: 'boom',
          err: { message: 'x', stack: 'Error: x\n    at f' },
        }),
      ),
    ).toBe('ERROR boom \nError: x\n    at f');
  });

  it('leaves other lines alone', () => {
    expect(prettyLogLine('plain text')).toBe('plain text');
    expect(prettyLogLine('{not json')).toBe('{not json');
    expect(prettyLogLine('{"a":1}')).toBe('{"a":1}');
  });

  it('prefixes every line of a stream, including lines a format splits', async () => {
    const out = new PassThrough();
    let written = '';
    out.on('data', (chunk: Buffer) => (written += chunk.toString()));
    const input = Readable.from(['one\ntwo', '\nthree\n']);
    pipeLines(input, 'auth | ', out, (line) => (line === 'two' ? 'two\n2' : line));
    await new Promise((resolve) => input.on('end', resolve));
    await new Promise((resolve) => setImmediate(resolve));
    expect(written).toBe('auth | one\nauth | two\nauth | 2\nauth | three\n');
  });
});

describe('web app build', () => {
  it('builds when apps/web/dist/index.html is missing', () => {
    expect(webBuildDecision(undefined, { path: 'apps/web/src/main.tsx', mtimeMs: 1 })).toEqual({
      build: true,
      reason: 'apps/web/dist/index.html is missing',
    });
  });

  it('builds when a source file is newer than the built index.html, naming it', () => {
    expect(
      webBuildDecision(1_000, { path: 'apps/web/src/routes/auth.tsx', mtimeMs: 2_000 }),
    ).toEqual({
      build: true,
      reason: 'apps/web/src/routes/auth.tsx changed since the last build',
    });
  });

  it('keeps a build that is newer than every source file, or as new', () => {
    expect(webBuildDecision(2_000, { path: 'apps/web/index.html', mtimeMs: 2_000 }).build).toBe(
      false,
    );
    expect(webBuildDecision(2_000, { path: 'apps/web/index.html', mtimeMs: 1_000 }).build).toBe(
      false,
    );
    expect(webBuildDecision(2_000, undefined).build).toBe(false);
  });

  it('watches the web sources and the workspace packages it bundles', () => {
    expect(WEB_SOURCES).toEqual(
      expect.arrayContaining([
        'apps/web/src',
        'apps/web/index.html',
        'packages/contracts/src',
        'packages/travel/src',
      ]),
    );
    // Every module of the web app's folder that its Vite config imports (plugins, early scripts).
    const config = readFileSync(path.join(repoRoot, 'apps/web/vite.config.ts'), 'utf8');
    const local = [...config.matchAll(/from '\.\/([\w-]+)\.js'/g)].map(
      (m) => `apps/web/${m[1]}.ts`,
    );
    expect(local.length).toBeGreaterThan(0);
    expect(WEB_SOURCES).toEqual(expect.arrayContaining(local));
  });

  it('finds the newest source file, skipping node_modules, dot folders and unit tests', () => {
    const root = path.join(tmp, 'web-tree');
    const files: Record<string, number> = {
      'apps/web/index.html': 1_000,
      'apps/web/src/main.tsx': 2_000,
      'apps/web/src/routes/auth.tsx': 3_000,
      'apps/web/src/lib/password.test.ts': 9_000,
      'apps/web/src/node_modules/x.js': 9_000,
      'apps/web/src/.cache/y.js': 9_000,
    };
    for (const [file, seconds] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
      writeFileSync(path.join(root, file), '');
      utimesSync(path.join(root, file), seconds, seconds);
    }
    expect(newestSource(root, ['apps/web/src', 'apps/web/index.html', 'apps/web/absent'])).toEqual({
      path: 'apps/web/src/routes/auth.tsx',
      mtimeMs: 3_000_000,
    });
    expect(newestSource(root, ['apps/web/absent'])).toBeUndefined();
  });
});

describe('the restart policy', () => {
  const policy = DEFAULT_RESTART_POLICY;

  it('waits 0.5 s, then doubles the wait after each crash up to 10 s', () => {
    const history = new CrashHistory({ ...policy, maxCrashes: 100, windowMs: 1 });
    const delays = Array.from({ length: 7 }, (_, i) => history.crashed(i * 1000, i * 1000 - 10));
    expect(delays.map((d) => (d.action === 'restart' ? d.delayMs : d.action))).toEqual([
      500, 1000, 2000, 4000, 8000, 10_000, 10_000,
    ]);
  });

  it('starts again from 0.5 s after the child stayed up 30 s', () => {
    const history = new CrashHistory(policy);
    history.crashed(1_000, 0);
    expect(history.crashed(2_000, 1_500)).toMatchObject({ delayMs: 1000 });
    expect(history.crashed(40_000, 3_000)).toMatchObject({ action: 'restart', delayMs: 500 });
  });

  it('gives up at the 5th crash within 60 s, and forgets crashes older than 60 s', () => {
    const history = new CrashHistory(policy);
    for (const at of [0, 1_000, 2_000, 3_000])
      expect(history.crashed(at, at - 100).action).toBe('restart');
    expect(history.crashed(4_000, 3_900)).toEqual({ action: 'give-up', crashes: 5 });

    const slow = new CrashHistory(policy);
    for (const at of [0, 20_000, 40_000, 60_000, 80_000, 100_000])
      expect(slow.crashed(at, at - 100).action).toBe('restart');
  });
});
