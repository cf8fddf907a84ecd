// From counters and samples to the figures the bench reports, and the table it prints.
import { delta, isServerError, notMetrics, requestsByRoute, type Snapshot } from './metrics.js';

export interface Percentiles {
  n: number;
  p50: number | null;
  p95: number | null;
  p99: number | null;
}

export function percentiles(values: number[]): Percentiles {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) =>
    sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]! : null;
  return { n: sorted.length, p50: at(0.5), p95: at(0.95), p99: at(0.99) };
}

const round = (x: number, digits = 2) => Number(x.toFixed(digits));

export interface CounterFigures {
  requestsPerUpdate: Record<string, number>;
  /** Per process, the routes behind its requests (per update), largest first. */
  routesPerUpdate: Record<string, Record<string, number>>;
  redisCommandsPerUpdate: number;
  redisTopCommandsPerUpdate: Record<string, number>;
  dbQueriesPerUpdate: number;
  dbQueriesPerUpdateByProcess: Record<string, number>;
  cpuMsPer1000Updates: Record<string, number>;
  gateway5xx: number;
  services5xx: Record<string, number>;
  routing: {
    providerCellsPerSessionHour: number;
    transactionsPerSessionHour: number;
    providerCallsPerSessionHour: number;
    cellsBySource: Record<string, number>;
    jobs: Record<string, number>;
  };
}

/** Counter deltas over the window divided by `updates` (and routing scaled to a session-hour). */
export function counterFigures(
  before: Snapshot,
  after: Snapshot,
  updates: number,
  sessions: number,
): CounterFigures {
  const per = (x: number) => round(updates > 0 ? x / updates : 0, 3);
  const procs = Object.keys(after.procs).sort();
  const requestsPerUpdate: Record<string, number> = {};
  const routesPerUpdate: Record<string, Record<string, number>> = {};
  const dbByProc: Record<string, number> = {};
  const cpu: Record<string, number> = {};
  const services5xx: Record<string, number> = {};
  let db = 0;
  for (const proc of procs) {
    requestsPerUpdate[proc] = per(
      delta(before, after, proc, 'http_request_duration_seconds_count', notMetrics),
    );
    const routes = Object.entries(requestsByRoute(before, after, proc)).sort((a, b) => b[1] - a[1]);
    routesPerUpdate[proc] = Object.fromEntries(routes.map(([route, n]) => [route, per(n)]));
    const queries = delta(before, after, proc, 'db_queries_total');
    db += queries;
    if (queries > 0) dbByProc[proc] = per(queries);
    cpu[proc] = round(
      updates > 0 ? (delta(before, after, proc, 'process_cpu_seconds_total') * 1e6) / updates : 0,
      1,
    );
    if (proc !== 'gateway') {
      const errors = delta(
        before,
        after,
        proc,
        'http_request_duration_seconds_count',
        isServerError,
      );
      if (errors > 0) services5xx[proc] = errors;
    }
  }
  const redisTotal = after.redis.total - before.redis.total;
  const commands = Object.entries(after.redis.commands)
    .map(([cmd, n]) => [cmd, n - (before.redis.commands[cmd] ?? 0)] as const)
    .filter(([, n]) => n > 0)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 12);
  const hours = (after.at - before.at) / 3600_000;
  const perSessionHour = (x: number) =>
    round(sessions > 0 && hours > 0 ? x / sessions / hours : 0, 1);
  const w = 'routing-worker';
  const bySource = (snap: Snapshot) => {
    const out: Record<string, number> = {};
    for (const s of snap.procs[w] ?? [])
      if (s.name === 'routing_cells_total')
        out[s.labels.source ?? '?'] = (out[s.labels.source ?? '?'] ?? 0) + s.value;
    return out;
  };
  const cellsBefore = bySource(before);
  const cellsBySource = Object.fromEntries(
    Object.entries(bySource(after)).map(([k, v]) => [k, v - (cellsBefore[k] ?? 0)]),
  );
  const jobs: Record<string, number> = {};
  for (const s of after.procs[w] ?? []) {
    if (s.name !== 'routing_jobs_total') continue;
    const old =
      (before.procs[w] ?? []).find(
        (b) => b.name === s.name && b.labels.outcome === s.labels.outcome,
      )?.value ?? 0;
    jobs[s.labels.outcome ?? '?'] = s.value - old;
  }
  return {
    requestsPerUpdate,
    routesPerUpdate,
    redisCommandsPerUpdate: per(redisTotal),
    redisTopCommandsPerUpdate: Object.fromEntries(commands.map(([cmd, n]) => [cmd, per(n)])),
    dbQueriesPerUpdate: per(db),
    dbQueriesPerUpdateByProcess: dbByProc,
    cpuMsPer1000Updates: cpu,
    gateway5xx: delta(
      before,
      after,
      'gateway',
      'http_request_duration_seconds_count',
      isServerError,
    ),
    services5xx,
    routing: {
      providerCellsPerSessionHour: perSessionHour(cellsBySource.provider ?? 0),
      transactionsPerSessionHour: perSessionHour(
        delta(before, after, w, 'routing_provider_transactions_total'),
      ),
      providerCallsPerSessionHour: perSessionHour(
        delta(before, after, w, 'routing_provider_calls_total'),
      ),
      cellsBySource,
      jobs,
    },
  };
}

/** A Markdown table of `rows` (first row: the header). */
export function table(rows: string[][]): string {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  return [
    line(rows[0]!),
    `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`,
    ...rows.slice(1).map(line),
  ].join('\n');
}

export const fmt = (x: number | null | undefined, digits = 2): string =>
  x === null || x === undefined || Number.isNaN(x) ? '–' : String(round(x, digits));
