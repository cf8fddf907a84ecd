// The read: `count` GET /api/sessions/:id on one session of `size` people, each person one at a
// time, with the CPU and queries each costs the gateway and the session service (their own counters).
import { counterFigures, percentiles, type Percentiles } from './figures.js';
import { snapshot } from './metrics.js';
import { Tracker } from './page.js';
import { pool } from './seed.js';
import { startBenchStack, type DbEngine } from './stack.js';
import { buildWorld } from './world.js';

export interface ReadFigures {
  kind: 'reads';
  db: DbEngine;
  reads: number;
  people: number;
  /** One read: sent → answered, ms. */
  getMs: Percentiles;
  /** CPU ms per read, from each process's process_cpu_seconds_total. */
  cpuMsPerRead: Record<string, number>;
  /** Database queries per read, from each process's db_queries_total. */
  dbQueriesPerRead: Record<string, number>;
  requestsPerRead: Record<string, number>;
  client5xx: number;
  clientErrors: number;
}

export async function readRun(db: DbEngine, count: number, size: number): Promise<ReadFigures> {
  const stack = await startBenchStack({ db });
  const tracker = new Tracker();
  try {
    process.stderr.write(`bench:live reads (${db}): ${count} reads of one session of ${size}\n`);
    const world = await buildWorld(stack, tracker, { sizes: [size], concurrency: 8, seed: 11 });
    const url = `${stack.base}/api/sessions/${world.sessionIds[0]!}`;
    const getMs: number[] = [];
    let client5xx = 0;
    let clientErrors = 0;
    const read = async (token: string) => {
      const sentAt = Date.now();
      try {
        const res = await fetch(url, {
          headers: { authorization: `Bearer ${token}` },
          signal: AbortSignal.timeout(30_000),
        });
        await res.arrayBuffer();
        if (res.status >= 500) client5xx += 1;
        else if (res.status !== 200) clientErrors += 1;
        getMs.push(Date.now() - sentAt);
      } catch {
        clientErrors += 1;
      }
    };
    // Warm the processes (JIT, pools, caches) before counting.
    await pool(world.people, world.people.length, (p) => read(p.user.token));
    getMs.length = 0;
    const before = await snapshot(stack.metricsUrls, stack.redisUrl);
    let sent = 0;
    await pool(world.people, world.people.length, async (p) => {
      while (sent < count) {
        sent += 1;
        await read(p.user.token);
      }
    });
    const after = await snapshot(stack.metricsUrls, stack.redisUrl);
    for (const p of world.people) p.page.close();
    const counters = counterFigures(before, after, sent, 1);
    const keep = (byProc: Record<string, number>, scale = 1) =>
      Object.fromEntries(
        Object.entries(byProc)
          .filter(([proc]) => proc === 'gateway' || proc === 'session')
          .map(([proc, x]) => [proc, Number((x * scale).toFixed(3))]),
      );
    return {
      kind: 'reads',
      db,
      reads: sent,
      people: world.people.length,
      getMs: percentiles(getMs),
      cpuMsPerRead: keep(counters.cpuMsPer1000Updates, 1 / 1000),
      dbQueriesPerRead: keep(counters.dbQueriesPerUpdateByProcess),
      requestsPerRead: keep(counters.requestsPerUpdate),
      client5xx,
      clientErrors,
    };
  } finally {
    await stack.stop();
  }
}
