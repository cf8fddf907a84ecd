// Counters before and after a run: every process's Prometheus /metrics and Redis's INFO.
import { Redis } from 'ioredis';

export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** The samples of a Prometheus text exposition (comments and blank lines skipped). */
export function parseMetrics(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})?\s+(\S+)/.exec(line);
    if (!m) continue;
    const labels: Record<string, string> = {};
    for (const l of (m[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) labels[l[1]!] = l[2]!;
    samples.push({ name: m[1]!, labels, value: Number(m[3]) });
  }
  return samples;
}

export interface Snapshot {
  at: number;
  /** Samples by process name (missing when its /metrics did not answer). */
  procs: Record<string, Sample[]>;
  redis: { total: number; commands: Record<string, number> };
}

async function scrape(url: string): Promise<Sample[] | undefined> {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(10_000) });
    if (!res.ok) return undefined;
    return parseMetrics(await res.text());
  } catch {
    return undefined;
  }
}

async function redisCounters(url: string): Promise<Snapshot['redis']> {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await redis.connect();
    const stats = await redis.info('stats');
    const commandstats = await redis.info('commandstats');
    const total = Number(/total_commands_processed:(\d+)/.exec(stats)?.[1] ?? Number.NaN);
    const commands: Record<string, number> = {};
    for (const m of commandstats.matchAll(/^cmdstat_([^:]+):calls=(\d+)/gm))
      commands[m[1]!] = Number(m[2]);
    return { total, commands };
  } finally {
    redis.disconnect();
  }
}

export async function snapshot(
  metricsUrls: Record<string, string>,
  redisUrl: string,
): Promise<Snapshot> {
  const entries = await Promise.all(
    Object.entries(metricsUrls).map(async ([name, url]) => [name, await scrape(url)] as const),
  );
  const procs: Record<string, Sample[]> = {};
  for (const [name, samples] of entries) if (samples) procs[name] = samples;
  return { at: Date.now(), procs, redis: await redisCounters(redisUrl) };
}

/** Sum of the samples named `name` (matching `where`). */
export function total(
  samples: Sample[] | undefined,
  name: string,
  where: (l: Record<string, string>) => boolean = () => true,
): number {
  let sum = 0;
  for (const s of samples ?? []) if (s.name === name && where(s.labels)) sum += s.value;
  return sum;
}

/** after − before of one counter in one process. */
export function delta(
  before: Snapshot,
  after: Snapshot,
  proc: string,
  name: string,
  where?: (l: Record<string, string>) => boolean,
): number {
  return total(after.procs[proc], name, where) - total(before.procs[proc], name, where);
}

/** Requests a process served in the window by `METHOD route` (its own /metrics scrapes left out). */
export function requestsByRoute(
  before: Snapshot,
  after: Snapshot,
  proc: string,
): Record<string, number> {
  const count = (snap: Snapshot) => {
    const out: Record<string, number> = {};
    for (const s of snap.procs[proc] ?? []) {
      if (s.name !== 'http_request_duration_seconds_count' || s.labels.route === '/metrics')
        continue;
      const key = `${s.labels.method} ${s.labels.route}`;
      out[key] = (out[key] ?? 0) + s.value;
    }
    return out;
  };
  const a = count(before);
  const b = count(after);
  const out: Record<string, number> = {};
  for (const [key, value] of Object.entries(b)) {
    const d = value - (a[key] ?? 0);
    if (d > 0) out[key] = d;
  }
  return out;
}

export const isServerError = (l: Record<string, string>) => (l.status ?? '').startsWith('5');
export const notMetrics = (l: Record<string, string>) => l.route !== '/metrics';
