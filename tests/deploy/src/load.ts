// A steady light load through the public port (a reader, a mover and a profile check, each one
// request after another with a pause), and the rolling restart of every container under it.
import { setTimeout as sleep } from 'node:timers/promises';
import { waitUntil } from '@oneeta/faults/wait';
import { call, positionOf } from '@oneeta/faults/world';
import type { Container, Stack } from './compose.js';

export interface Outcome {
  what: string;
  at: number;
  status: number;
  /** A failed answer's body, cut to 160 characters: it tells the balancer's page from a service's error. */
  said?: string;
}

export function steadyLoad(
  base: string,
  { token, sessionId, pauseMs = 150 }: { token: string; sessionId: string; pauseMs?: number },
) {
  const outcomes: Outcome[] = [];
  let running = true;
  const loop = async (what: string, send: (step: number) => ReturnType<typeof call>) => {
    for (let step = 1; running; step++) {
      const at = Date.now();
      const answer = await send(step);
      const failed = answer.status === 0 || answer.status >= 500;
      outcomes.push({
        what,
        at,
        status: answer.status,
        ...(failed ? { said: JSON.stringify(answer.body ?? null).slice(0, 160) } : {}),
      });
      await sleep(pauseMs);
    }
  };
  const loops = [
    loop('GET /api/sessions/:id', () => call(`${base}/api/sessions/${sessionId}`, { token })),
    loop('PUT /api/location', (step) => {
      const { lat, lon } = positionOf(1, step % 40);
      return call(`${base}/api/location`, {
        method: 'PUT',
        token,
        body: { latitude: lat, longitude: lon, accuracy: 5, timestamp: Date.now() },
      });
    }),
    loop('GET /api/auth/me', () => call(`${base}/api/auth/me`, { token })),
  ];
  return {
    outcomes,
    async stop(): Promise<Outcome[]> {
      running = false;
      await Promise.all(loops);
      return outcomes;
    },
  };
}

/** Failed answers: no answer at all, or a 5xx. */
export const failures = (outcomes: Outcome[]) =>
  outcomes.filter((o) => o.status === 0 || o.status >= 500);

export async function waitHealthy(stack: Stack, id: string, timeoutMs = 120_000): Promise<void> {
  await waitUntil(
    async () =>
      (await stack.docker('inspect', '--format', '{{.State.Health.Status}}', id)).trim() ===
      'healthy',
    timeoutMs,
    `container ${id.slice(0, 12)} is healthy`,
    500,
  );
}

export interface Restarted {
  container: string;
  /** When its restart began (ms since the epoch). */
  at: number;
  seconds: number;
}

/**
 * Restarts every container of `services`, one at a time (SIGTERM, the drain, a new start), each
 * after the one before is healthy again; a gateway also waits for the balancer's next checks.
 */
export async function rollingRestart(stack: Stack, services: string[]): Promise<Restarted[]> {
  const restarted: Restarted[] = [];
  for (const service of services) {
    const containers: Container[] = await stack.containers(service);
    for (const c of containers) {
      const started = Date.now();
      await stack.docker('restart', '-t', '30', c.id);
      await waitHealthy(stack, c.id);
      if (service === 'gateway') await sleep(3_000);
      restarted.push({ container: c.name, at: started, seconds: (Date.now() - started) / 1000 });
    }
  }
  return restarted;
}
