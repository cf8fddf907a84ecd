// One fault scenario: a burst of location writes with a /ws subscriber, the fault in the middle,
// then the checks: no acknowledged write lost, every route job delivered, /ws back within 15 s.
import { expect } from 'vitest';
import { waitUntil } from './wait.js';
import {
  lostWrites,
  recoveredAt,
  report,
  settles,
  setUpWorld,
  staleTravel,
  startBurst,
  subscribe,
  type Numbers,
  type World,
} from './world.js';

export interface Fault {
  startedAt: number;
  /** When the fault was taken away (the service is back, or — for a kill — the kill itself). */
  endedAt: number;
}

export const WS_RECOVERY_MS = 15_000;
const RECOVERY_TIMEOUT_MS = 90_000;
// The worst legitimate recovery of a route job adds up: an outbox row in its longest backoff (30 s),
// a job stalled in the worker (lock 10 s, then the 5 s check), and a travel.computed left pending on
// a consumer (claimed again once idle 30 s, checked every 5 s). The check is that nothing is lost.
const TRAVEL_TIMEOUT_MS = 120_000;

export async function burstThrough(
  scenario: string,
  base: () => string,
  inject: (world: World, faultBegan: (at: number) => void) => Promise<Fault>,
  world?: World,
  /** What to print besides the numbers when the route jobs do not catch up (see diagnose.ts). */
  diagnosis?: () => string,
): Promise<Numbers & { world: World }> {
  const w = world ?? (await setUpWorld(base()));
  const ws = subscribe(w);
  const burst = startBurst(w);
  try {
    await waitUntil(() => ws.connects() > 0, 10_000, 'the /ws subscriber is connected');
    const acked = () => burst.writes.filter((x) => x.status === 200).length;
    await waitUntil(() => acked() >= 15, 30_000, 'the burst is under way');
    // The last mover's last write falls inside the fault: its route job must survive it.
    const last = w.movers.at(-1)!.index;
    const fault = await inject(w, (at) => burst.haltFrom(last, at));

    await waitUntil(
      () => recoveredAt(burst.writes, fault.endedAt) !== undefined,
      RECOVERY_TIMEOUT_MS,
      'a location write is acknowledged again after the fault',
    );
    const back = recoveredAt(burst.writes, fault.endedAt)!;
    let refreshAt: number | undefined;
    await waitUntil(
      () => (refreshAt = ws.refreshes.find((t) => t >= back)) !== undefined,
      WS_RECOVERY_MS + 5_000,
      'the /ws subscriber gets refresh-session again',
    ).catch(() => undefined);
    const writesBefore = acked();
    await waitUntil(() => acked() >= writesBefore + 15, 30_000, 'the burst goes on after recovery');
    const writes = await burst.stop();

    const travelCaughtUpMs = await settles(
      () => staleTravel(w, writes),
      TRAVEL_TIMEOUT_MS,
      'every route job is delivered (each travel result matches the position shown)',
    ).catch((error: Error) => {
      console.log(
        report({
          scenario,
          writes,
          faultStartedAt: fault.startedAt,
          faultEndedAt: fault.endedAt,
          refreshes: ws.refreshes,
        }),
      );
      if (diagnosis) console.log(diagnosis());
      throw error;
    });
    const numbers = {
      scenario,
      writes,
      faultStartedAt: fault.startedAt,
      faultEndedAt: fault.endedAt,
      refreshes: ws.refreshes,
      travelCaughtUpMs,
      world: w,
    };
    console.log(report(numbers));

    expect(await lostWrites(w, writes), 'acknowledged writes lost').toEqual([]);
    expect(refreshAt, 'no refresh-session on /ws after recovery').toBeDefined();
    expect(refreshAt! - back, '/ws refresh-session after recovery (ms)').toBeLessThanOrEqual(
      WS_RECOVERY_MS,
    );
    return numbers;
  } finally {
    await burst.stop();
    ws.close();
  }
}
