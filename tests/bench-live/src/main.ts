/**
 * `pnpm bench:live`: the live path (PUT /api/location → outbox → /ws frames → route job → travel
 * frames) measured through the gateway of a fresh `pnpm start` stack. See ../README.md.
 *
 *   pnpm bench:live [--db=postgres|pglite] [--sessions=200] [--size=5] [--big=12] [--minutes=3]
 *                   [--interval=5] [--warmup=30] [--in-flight=256] [--coalesce-ms=N]
 *                   [--burst=2000] [--reads=2000] [--out=bench-results/live.json]
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fmt, table } from './figures.js';
import { readRun, type ReadFigures } from './reads.js';
import { burstRun, liveRun, type BurstFigures, type LiveFigures } from './runs.js';
import { repoRoot, type DbEngine } from './stack.js';

function readArgs(argv: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (!a.startsWith('--')) continue;
    const [key, inline] = a.slice(2).split('=', 2) as [string, string | undefined];
    if (inline !== undefined) out[key] = inline;
    else if (argv[i + 1] !== undefined && !argv[i + 1]!.startsWith('--')) out[key] = argv[++i]!;
    else out[key] = 'true';
  }
  return out;
}

const args = readArgs(process.argv.slice(2));
const num = (key: string, fallback: number) => {
  const value = args[key] === undefined ? fallback : Number(args[key]);
  if (!Number.isFinite(value) || value < 0) throw new Error(`--${key} must be a number ≥ 0`);
  return value;
};
const db = (args.db ?? 'postgres') as DbEngine;
if (db !== 'postgres' && db !== 'pglite') throw new Error('--db is postgres or pglite');
const OUT = path.resolve(repoRoot, args.out ?? 'bench-results/live.json');

function liveTable(r: LiveFigures): string {
  const rows: string[][] = [['figure', 'value']];
  const add = (name: string, value: string) => rows.push([name, value]);
  add(
    'run',
    `${r.db}, ${r.sessions}×${r.size}${r.bigSession ? ` + 1×${r.bigSession}` : ''} = ${r.people} people, ${r.minutes} min, every ${r.intervalS} s`,
  );
  add(
    'updates sent (intended)',
    `${r.updates.sent} (${r.updates.intended}); ${r.updates.perSecond}/s of ${r.updates.intendedPerSecond}/s; late ${r.updates.late}`,
  );
  for (const [proc, n] of Object.entries(r.requestsPerUpdate))
    if (n > 0) add(`requests/update: ${proc}`, fmt(n, 3));
  add('refetches/update (pages)', fmt(r.refetchesPerUpdate, 3));
  add('frames/update (pages)', fmt(r.framesPerUpdate, 3));
  add('Redis commands/update', fmt(r.redisCommandsPerUpdate, 1));
  add('DB queries/update', fmt(r.dbQueriesPerUpdate, 2));
  add(
    'PUT /api/location answered p50/p95/p99',
    `${fmt(r.putMs.p50, 0)} / ${fmt(r.putMs.p95, 0)} / ${fmt(r.putMs.p99, 0)} ms`,
  );
  const m = r.positionLatencyMs;
  add(
    'move → its position at the others p50/p95/p99',
    `${fmt(m.p50, 0)} / ${fmt(m.p95, 0)} / ${fmt(m.p99, 0)} ms (n=${m.n})`,
  );
  add(
    'outbox rows delivered/update; waiting at end',
    `${fmt(r.outbox.deliveredPerUpdate, 2)}; ${r.outbox.pendingAtEnd}`,
  );
  const l = r.etaLatencyMs;
  add(
    'move → new ETA p50/p95/p99',
    `${fmt(l.p50, 0)} / ${fmt(l.p95, 0)} / ${fmt(l.p99, 0)} ms (n=${l.n})`,
  );
  add(
    '5xx client / gateway',
    `${r.client5xx} / ${r.gateway5xx} (failed requests ${r.clientErrors})`,
  );
  for (const [proc, ms] of Object.entries(r.cpuMsPer1000Updates))
    if (ms > 0) add(`CPU ms/1000 updates: ${proc}`, fmt(ms, 0));
  add('CPU ms/1000 updates: bench', fmt(r.benchCpuMsPer1000Updates, 0));
  add(
    'provider cells / transactions per session-hour',
    `${fmt(r.routing.providerCellsPerSessionHour, 1)} / ${fmt(r.routing.transactionsPerSessionHour, 1)}`,
  );
  add(
    'ETA error vs asking now p50/p95',
    `${fmt(r.etaErrorS.p50, 0)} / ${fmt(r.etaErrorS.p95, 0)} s (n=${r.etaErrorS.n})`,
  );
  add(
    'time: start / seed / measured / total',
    `${r.timings.startS} / ${r.timings.seedS} / ${r.timings.measuredS} / ${r.timings.totalS} s`,
  );
  return table(rows);
}

function burstTable(r: BurstFigures): string {
  return table([
    [
      'burst',
      'updates',
      'people',
      'sent in',
      'outbox drained',
      'last frame',
      'PUT p50/p95',
      '5xx client/gateway',
      'failed',
    ],
    [
      r.db,
      String(r.updates),
      String(r.people),
      `${r.sendS} s`,
      `${fmt(r.outboxDrainedS)} s`,
      `${fmt(r.lastFrameS)} s`,
      `${fmt(r.putMs.p50, 0)} / ${fmt(r.putMs.p95, 0)} ms`,
      `${r.client5xx} / ${r.gateway5xx}`,
      String(r.clientErrors),
    ],
  ]);
}

function readTable(r: ReadFigures): string {
  const byProc = (x: Record<string, number>) =>
    Object.entries(x)
      .map(([proc, n]) => `${proc} ${fmt(n, 3)}`)
      .join(', ');
  return table([
    ['reads', 'count', 'people', 'GET p50/p95', 'CPU ms/read', 'DB queries/read', '5xx', 'failed'],
    [
      r.db,
      String(r.reads),
      String(r.people),
      `${fmt(r.getMs.p50, 0)} / ${fmt(r.getMs.p95, 0)} ms`,
      byProc(r.cpuMsPerRead),
      byProc(r.dbQueriesPerRead),
      String(r.client5xx),
      String(r.clientErrors),
    ],
  ]);
}

/** Adds `run` to bench-results/live.json (one entry per kind, engine and scale; newest wins). */
type Run = LiveFigures | BurstFigures | ReadFigures;
type Saved = Run & { at?: string };

function save(run: Run): void {
  const key = (r: Saved) =>
    r.kind === 'live'
      ? `live:${r.db}:${r.sessions}x${r.size}+${r.bigSession}:${r.minutes}m:${r.intervalS}s`
      : r.kind === 'burst'
        ? `burst:${r.db}:${r.updates}`
        : `reads:${r.db}:${r.people}`;
  let runs: Saved[] = [];
  if (existsSync(OUT)) {
    try {
      runs = (JSON.parse(readFileSync(OUT, 'utf8')) as { runs: Saved[] }).runs ?? [];
    } catch {
      runs = [];
    }
  }
  runs = [...runs.filter((r) => key(r) !== key(run)), { ...run, at: new Date().toISOString() }];
  mkdirSync(path.dirname(OUT), { recursive: true });
  writeFileSync(OUT, `${JSON.stringify({ runs }, null, 2)}\n`);
}

async function main(): Promise<void> {
  if (args.burst !== undefined) {
    const figures = await burstRun(db, num('burst', 2000), num('big', 12), num('timeout', 120));
    process.stdout.write(`\n${burstTable(figures)}\n`);
    save(figures);
  } else if (args.reads !== undefined) {
    const figures = await readRun(db, num('reads', 2000), num('big', 12));
    process.stdout.write(`\n${readTable(figures)}\n`);
    save(figures);
  } else {
    const figures = await liveRun({
      db,
      sessions: num('sessions', db === 'pglite' ? 50 : 200),
      size: num('size', 5),
      bigSize: num('big', 12),
      minutes: num('minutes', 3),
      warmupS: num('warmup', 30),
      intervalS: Math.max(0.5, num('interval', 5)),
      maxInFlight: Math.max(1, num('in-flight', 256)),
      concurrency: Math.max(1, num('concurrency', 8)),
      coalesceMs: args['coalesce-ms'] === undefined ? undefined : num('coalesce-ms', 10_000),
      seed: num('seed', 1),
    });
    process.stdout.write(`\n${liveTable(figures)}\n`);
    save(figures);
  }
  process.stdout.write(`\nwritten to ${path.relative(repoRoot, OUT)}\n`);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(
      `bench:live failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    process.exit(1);
  },
);
