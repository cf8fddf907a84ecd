/**
 * `pnpm bench:web`: Lighthouse (mobile, default simulated throttling) on the web app's main pages of
 * a fresh `pnpm start` stack, against Debian's Chromium, offline. Prints a table, writes JSON.
 *
 *   pnpm bench:web [--runs=5] [--pages=/,/auth,/plans,/sessions,/s] [--out=bench-results/web.json]
 *                  [--base=http://127.0.0.1:8080] [--port=N] [--reports=dir] [--audits]
 *                  [--traces=dir] [--lantern] [--cpu=N]
 *
 * Each page runs `--runs` times in a fresh browser profile (cold cache, no service worker) and the
 * run with the median performance score is reported. `/sessions` and `/s/{id}` are measured signed
 * in: a user and a session are created through the API and the token is put in localStorage
 * (as the app keeps it) before Lighthouse loads the page, with Lighthouse's storage reset off (the
 * fresh profile already is a first visit). `--base` measures a stack that is already running
 * (the seed data is then created on it). A benchmark, not a test: it exits non-zero only on errors
 * and prints the pages that miss the targets. `--lantern` prints, after each run, the nodes of the
 * simulated FCP and LCP and the tasks the simulated TBT counts (lantern.ts). `--cpu=N` sets
 * Lighthouse's CPU slowdown (default ×4): on a fast host, a higher N stands for a slower one.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import lighthouse, { type Flags, type Result } from 'lighthouse';
import * as constants from 'lighthouse/core/config/constants.js';
import puppeteer, { type Browser } from 'puppeteer-core';
import { TOKEN_KEY } from '../src/api/token.js';
import { lanternReport } from './lantern.js';
import { seed, startStack, type BenchStack } from './stack.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const args = Object.fromEntries(
  process.argv.slice(2).map((a) => {
    const [key, value] = a.replace(/^--/, '').split('=');
    return [key!, value ?? 'true'];
  }),
);
const RUNS = Math.max(1, Number(args.runs ?? process.env.BENCH_RUNS ?? 5));
const PAGES = (args.pages ?? '/,/auth,/plans,/sessions,/s').split(',');
const OUT = path.resolve(repoRoot, args.out ?? 'bench-results/web.json');
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const TRACES = args.traces ? path.resolve(args.traces) : undefined;
/** --cpu=N: Lighthouse's CPU slowdown instead of its default ×4 (to stand for a slower or faster host). */
const CPU_SLOWDOWN = args.cpu ? Number(args.cpu) : undefined;
/** The workspace's browser flags; `headless` is puppeteer's own. */
const CHROME_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export const TARGETS = {
  performance: 0.95,
  accessibility: 1,
  'best-practices': 1,
  seo: 0.9,
} as const;
type Category = keyof typeof TARGETS;
const CATEGORIES = Object.keys(TARGETS) as Category[];

interface PageFigures {
  page: string;
  url: string;
  scores: Record<Category, number | null>;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  transferredBytes: number;
  runs: number[];
  /** Lighthouse's CPU benchmark of the host during the reported run (lower: a busier machine). */
  benchmarkIndex: number;
  /** Audits that lose points on the reported run (id, score, title). */
  losing: { id: string; score: number | null; title: string; display?: string }[];
}

async function measure(url: string, token: string | null): Promise<Result> {
  const browser: Browser = await puppeteer.launch({
    executablePath: CHROME_PATH,
    headless: true,
    args: CHROME_FLAGS,
  });
  try {
    const page = await browser.newPage();
    if (token !== null) {
      // A JSON route of the same origin: sets the storage without loading (and caching) the app.
      await page.goto(new URL('/api/health', url).href);
      await page.evaluate((key, value) => localStorage.setItem(key, value), TOKEN_KEY, token);
    }
    const flags: Flags = {
      logLevel: 'error',
      output: 'json',
      onlyCategories: CATEGORIES,
      disableStorageReset: true,
      ...(CPU_SLOWDOWN
        ? {
            throttling: {
              ...constants.throttling.mobileSlow4G,
              cpuSlowdownMultiplier: CPU_SLOWDOWN,
            },
          }
        : {}),
    };
    // --traces: Lighthouse's own trace with V8's CPU samples (which code each task ran), one file
    // per run. The sampling slows the page: scores of such runs are not comparable.
    const config = TRACES
      ? {
          extends: 'lighthouse:default',
          settings: { additionalTraceCategories: 'disabled-by-default-v8.cpu_profiler' },
        }
      : undefined;
    const result = await lighthouse(url, flags, config, page as never);
    if (TRACES && result) {
      mkdirSync(TRACES, { recursive: true });
      const name = new URL(url).pathname.replace(/\W+/g, '_');
      writeFileSync(
        path.join(TRACES, `${name}-${Date.now()}.json`),
        JSON.stringify(result.artifacts.Trace),
      );
    }
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    if (result.lhr.runtimeError) throw new Error(`${url}: ${result.lhr.runtimeError.message}`);
    if (args.lantern) process.stderr.write(`${await lanternReport(result)}\n`);
    return result.lhr;
  } finally {
    await browser.close();
  }
}

function figures(page: string, lhr: Result, runs: number[]): PageFigures {
  const num = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const losing = Object.values(lhr.audits)
    .filter(
      (a) =>
        a.score !== null &&
        a.score < 1 &&
        a.scoreDisplayMode !== 'informative' &&
        a.scoreDisplayMode !== 'manual' &&
        a.scoreDisplayMode !== 'notApplicable',
    )
    .map((a) => ({ id: a.id, score: a.score, title: a.title, display: a.displayValue }));
  return {
    page,
    url: lhr.finalDisplayedUrl,
    scores: Object.fromEntries(
      CATEGORIES.map((c) => [c, lhr.categories[c]?.score ?? null]),
    ) as Record<Category, number | null>,
    fcpMs: Math.round(num('first-contentful-paint')),
    lcpMs: Math.round(num('largest-contentful-paint')),
    tbtMs: Math.round(num('total-blocking-time')),
    cls: Number(num('cumulative-layout-shift').toFixed(3)),
    transferredBytes: Math.round(num('total-byte-weight')),
    runs,
    benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
    losing,
  };
}

function table(rows: PageFigures[]): string {
  const head = [
    'page',
    'perf',
    'a11y',
    'best',
    'seo',
    'FCP',
    'LCP',
    'TBT',
    'CLS',
    'bytes',
    'CPU index',
  ];
  const score = (s: number | null) => (s === null ? '–' : s.toFixed(2));
  const body = rows.map((r) => [
    r.page,
    score(r.scores.performance),
    score(r.scores.accessibility),
    score(r.scores['best-practices']),
    score(r.scores.seo),
    `${(r.fcpMs / 1000).toFixed(1)} s`,
    `${(r.lcpMs / 1000).toFixed(1)} s`,
    `${r.tbtMs} ms`,
    r.cls.toFixed(3),
    `${(r.transferredBytes / 1024).toFixed(0)} KB`,
    String(r.benchmarkIndex),
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((row) => row[i]!.length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  return [
    line(head),
    `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`,
    ...body.map(line),
  ].join('\n');
}

function misses(rows: PageFigures[]): string[] {
  return rows.flatMap((r) =>
    CATEGORIES.filter((c) => (r.scores[c] ?? 0) < TARGETS[c]).map(
      (c) => `${r.page}: ${c} ${r.scores[c] ?? '–'} < ${TARGETS[c]}`,
    ),
  );
}

async function main(): Promise<void> {
  let stack: BenchStack | undefined;
  const base =
    args.base ??
    (stack = await startStack(repoRoot, args.port ? Number(args.port) : undefined)).base;
  const onSignal = () => void stack?.stop().finally(() => process.exit(130));
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    const { token, sessionId } = await seed(base);
    const rows: PageFigures[] = [];
    let version = '';
    let userAgent = '';
    for (const page of PAGES) {
      const signedIn = page === '/sessions' || page === '/s';
      const route = page === '/s' ? `/s/${sessionId}` : page;
      const results: Result[] = [];
      for (let run = 0; run < RUNS; run++) {
        results.push(await measure(base + route, signedIn ? token : null));
        process.stderr.write(
          `${route} run ${run + 1}/${RUNS}: performance ${results.at(-1)!.categories.performance?.score}\n`,
        );
      }
      const sorted = [...results].sort(
        (a, b) => (a.categories.performance?.score ?? 0) - (b.categories.performance?.score ?? 0),
      );
      const median = sorted[Math.floor((sorted.length - 1) / 2)]!;
      version = median.lighthouseVersion;
      userAgent = median.environment.hostUserAgent;
      rows.push(
        figures(
          page === '/s' ? '/s/{id}' : page,
          median,
          results.map((r) => r.categories.performance?.score ?? 0),
        ),
      );
      if (args.reports) {
        mkdirSync(path.resolve(args.reports), { recursive: true });
        const name = page === '/' ? 'root' : page.slice(1).replaceAll('/', '_');
        writeFileSync(path.resolve(args.reports, `${name}.json`), JSON.stringify(median));
      }
    }
    console.log(table(rows));
    const missed = misses(rows);
    console.log(
      missed.length === 0
        ? '\nEvery page meets the targets.'
        : `\nTargets missed:\n  ${missed.join('\n  ')}`,
    );
    if (args.audits)
      for (const r of rows)
        console.log(
          `\n${r.page} loses points on:\n${r.losing.map((a) => `  ${a.id} (${a.score}) ${a.display ?? ''}`).join('\n')}`,
        );
    mkdirSync(path.dirname(OUT), { recursive: true });
    writeFileSync(
      OUT,
      `${JSON.stringify({ date: new Date().toISOString(), lighthouse: version, chromium: userAgent, runsPerPage: RUNS, targets: TARGETS, pages: rows }, null, 2)}\n`,
    );
    console.log(`\nwritten to ${path.relative(process.cwd(), OUT)}`);
  } finally {
    await stack?.stop();
  }
}

await main();
