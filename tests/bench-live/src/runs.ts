// The two kinds of run: the steady live path (K×N people driving, pages subscribed) and the burst
// (one session, as many position updates as fast as allowed, until the outbox is drained).
import { setTimeout as sleep } from 'node:timers/promises';
import type { Session } from '@oneeta/contracts';
import { counterFigures, percentiles, type CounterFigures, type Percentiles } from './figures.js';
import { delta, snapshot, total } from './metrics.js';
import { Tracker } from './page.js';
import { ok, pool } from './seed.js';
import { startBenchStack, type DbEngine } from './stack.js';
import { buildWorld, drive } from './world.js';

export interface LiveOptions {
  db: DbEngine;
  sessions: number;
  size: number;
  /** The extra session that is always there (12 people). */
  bigSize: number;
  minutes: number;
  warmupS: number;
  intervalS: number;
  maxInFlight: number;
  concurrency: number;
  coalesceMs?: number;
  seed: number;
}

export interface LiveFigures extends CounterFigures {
  kind: 'live';
  db: DbEngine;
  sessions: number;
  size: number;
  bigSession: number;
  people: number;
  minutes: number;
  intervalS: number;
  routeCoalesceMs: number | 'default';
  updates: {
    intended: number;
    sent: number;
    answered: number;
    late: number;
    perSecond: number;
    intendedPerSecond: number;
  };
  refetchesPerUpdate: number;
  framesPerUpdate: number;
  etaLatencyMs: Percentiles;
  positionLatencyMs: Percentiles;
  putMs: Percentiles;
  /** The session service's outbox: rows delivered per update, and rows waiting at the window's end. */
  outbox: { deliveredPerUpdate: number; pendingAtEnd: number };
  etaErrorS: Percentiles;
  client5xx: number;
  clientErrors: number;
  benchCpuMsPer1000Updates: number;
  timings: { startS: number; seedS: number; measuredS: number; totalS: number };
}

export async function liveRun(o: LiveOptions): Promise<LiveFigures> {
  const t0 = Date.now();
  const stack = await startBenchStack({ db: o.db, coalesceMs: o.coalesceMs });
  const started = Date.now();
  const tracker = new Tracker();
  try {
    const sizes = [
      ...Array.from({ length: o.sessions }, () => o.size),
      ...(o.bigSize > 0 ? [o.bigSize] : []),
    ];
    process.stderr.write(
      `bench:live (${o.db}): ${sizes.length} sessions, ${sizes.reduce((a, b) => a + b, 0)} people\n`,
    );
    const world = await buildWorld(stack, tracker, {
      sizes,
      concurrency: o.concurrency,
      seed: o.seed,
    });
    const seeded = Date.now();
    const driving = drive(stack, world, tracker, o.intervalS, o.maxInFlight);
    process.stderr.write(`  warm-up ${o.warmupS} s\n`);
    await sleep(o.warmupS * 1000);
    const before = await snapshot(stack.metricsUrls, stack.redisUrl);
    const cpuBefore = process.cpuUsage();
    tracker.measuring = true;
    const windowMs = o.minutes * 60_000;
    for (let left = windowMs; left > 0; left -= 30_000) {
      await sleep(Math.min(30_000, left));
      process.stderr.write(
        `  ${Math.round((windowMs - left + Math.min(30_000, left)) / 1000)} s: ${driving.sent} updates sent, ${tracker.frames} frames, ${tracker.refetches} refetches\n`,
      );
    }
    tracker.measuring = false;
    const after = await snapshot(stack.metricsUrls, stack.redisUrl);
    const cpu = process.cpuUsage(cpuBefore);
    await driving.stop();
    for (const p of world.people) p.page.close();
    const updates = driving.sent;
    const measuredS = (after.at - before.at) / 1000;
    const people = world.people.length;
    const counters = counterFigures(before, after, updates, world.sessionIds.length);
    return {
      kind: 'live',
      db: o.db,
      sessions: o.sessions,
      size: o.size,
      bigSession: o.bigSize,
      people,
      minutes: o.minutes,
      intervalS: o.intervalS,
      routeCoalesceMs: o.coalesceMs ?? 'default',
      updates: {
        intended: Math.round((people * measuredS) / o.intervalS),
        sent: updates,
        answered: driving.answered,
        late: driving.late,
        perSecond: Number((updates / measuredS).toFixed(1)),
        intendedPerSecond: Number((people / o.intervalS).toFixed(1)),
      },
      refetchesPerUpdate: Number((tracker.refetches / Math.max(1, updates)).toFixed(3)),
      framesPerUpdate: Number((tracker.frames / Math.max(1, updates)).toFixed(3)),
      etaLatencyMs: percentiles(tracker.etaLatencyMs),
      positionLatencyMs: percentiles(tracker.positionLatencyMs),
      putMs: percentiles(tracker.putMs),
      outbox: {
        deliveredPerUpdate: Number(
          (
            delta(before, after, 'session', 'outbox_delivered_total') / Math.max(1, updates)
          ).toFixed(3),
        ),
        pendingAtEnd: total(after.procs.session, 'outbox_pending'),
      },
      etaErrorS: percentiles(tracker.etaErrorS),
      client5xx: tracker.client5xx,
      clientErrors: tracker.clientErrors,
      benchCpuMsPer1000Updates: Number(
        (((cpu.user + cpu.system) / 1000) * (1000 / Math.max(1, updates))).toFixed(1),
      ),
      ...counters,
      timings: {
        startS: Math.round((started - t0) / 1000),
        seedS: Math.round((seeded - started) / 1000),
        measuredS: Math.round(measuredS),
        totalS: Math.round((Date.now() - t0) / 1000),
      },
    };
  } catch (error) {
    process.stderr.write(`--- launcher output (tail) ---\n${stack.output().slice(-4000)}\n`);
    throw error;
  } finally {
    await stack.stop();
  }
}

export interface BurstFigures {
  kind: 'burst';
  db: DbEngine;
  updates: number;
  people: number;
  /** First update sent → last update answered. */
  sendS: number;
  /** First update sent → the session service's outbox_pending back to 0 after the last answer. */
  outboxDrainedS: number | null;
  /** First update sent → a page received the frame of the last update's revision. */
  lastFrameS: number | null;
  /** One update: sent → answered, ms. */
  putMs: Percentiles;
  client5xx: number;
  clientErrors: number;
  gateway5xx: number;
  services5xx: Record<string, number>;
}

/** `count` position updates on one session of `size` people, each person one at a time. */
export async function burstRun(
  db: DbEngine,
  count: number,
  size: number,
  timeoutS: number,
): Promise<BurstFigures> {
  const stack = await startBenchStack({ db });
  const tracker = new Tracker();
  try {
    process.stderr.write(`bench:live burst (${db}): ${count} updates on one session of ${size}\n`);
    const world = await buildWorld(stack, tracker, { sizes: [size], concurrency: 8, seed: 7 });
    const sessionId = world.sessionIds[0]!;
    const before = await snapshot(stack.metricsUrls, stack.redisUrl);
    const start = Date.now();
    let sent = 0;
    await pool(world.people, world.people.length, async (p) => {
      while (sent < count && Date.now() - start < timeoutS * 1000) {
        sent += 1;
        const at = p.drive.step(1);
        const sentAt = Date.now();
        try {
          const res = await fetch(`${stack.base}/api/location`, {
            method: 'PUT',
            headers: {
              authorization: `Bearer ${p.user.token}`,
              'content-type': 'application/json',
            },
            body: JSON.stringify({
              latitude: at.lat,
              longitude: at.lon,
              accuracy: 10,
              timestamp: Date.now(),
            }),
            signal: AbortSignal.timeout(30_000),
          });
          await res.arrayBuffer();
          if (res.status >= 500) tracker.client5xx += 1;
          tracker.putMs.push(Date.now() - sentAt);
        } catch {
          tracker.clientErrors += 1;
        }
      }
    });
    const answered = Date.now();
    const { session } = await ok<{ session: Session }>(`${stack.base}/api/sessions/${sessionId}`, {
      token: world.people[0]!.user.token,
    });
    let outboxDrained: number | null = null;
    let lastFrame: number | null = null;
    const deadline = Date.now() + timeoutS * 1000;
    while ((outboxDrained === null || lastFrame === null) && Date.now() < deadline) {
      if (lastFrame === null && (tracker.lastFrameRevision.get(sessionId) ?? 0) >= session.revision)
        lastFrame = Date.now();
      if (outboxDrained === null) {
        const snap = await snapshot({ session: stack.metricsUrls.session! }, stack.redisUrl);
        if (total(snap.procs.session, 'outbox_pending') === 0) outboxDrained = Date.now();
      }
      await sleep(50);
    }
    const after = await snapshot(stack.metricsUrls, stack.redisUrl);
    for (const p of world.people) p.page.close();
    const counters = counterFigures(before, after, sent, 1);
    const s = (t: number | null) => (t === null ? null : Number(((t - start) / 1000).toFixed(2)));
    return {
      kind: 'burst',
      db,
      updates: sent,
      people: world.people.length,
      sendS: Number(((answered - start) / 1000).toFixed(2)),
      outboxDrainedS: s(outboxDrained),
      lastFrameS: s(lastFrame),
      putMs: percentiles(tracker.putMs),
      client5xx: tracker.client5xx,
      clientErrors: tracker.clientErrors,
      gateway5xx: counters.gateway5xx,
      services5xx: counters.services5xx,
    };
  } finally {
    await stack.stop();
  }
}
