/**
 * Which participants a job asks the cache (and so perhaps the provider) for, and the reckoned
 * cells of the others. The policy (domain/eta-policy.ts) decides per participant; then, since a call
 * bills whole transactions of CELLS_PER_TRANSACTION cells, the free rest of the last transaction of
 * each route is filled with reckoned participants whose answers are oldest (and any reckoned
 * participant whose cell is cached anyway is refreshed too, at no cost). Whether a cell is missing
 * is read from the cache in one MGET, only when something is asked.
 */
import { CELLS_PER_TRANSACTION, type RouteInput } from '@oneeta/contracts';
import type { CellRequest, MatrixCell, TravelCache } from '@oneeta/maps';
import { decideEta, freeSlots, routeOf, type EtaAnswer } from '../domain/eta-policy.js';

export interface AskPlan {
  /** Indexes (into the participants) to ask, in order. */
  asked: number[];
  /** Per participant: the reckoned cell (placeholders where asked). */
  values: MatrixCell[];
  /** Per participant: 'reckon', the policy's reason to ask, or 'fill'. */
  decisions: string[];
}

const placeholder: MatrixCell = {
  ok: false,
  travelTimeSeconds: null,
  distanceMeters: null,
  error: 'asked',
};

export async function planAsks(
  cache: Pick<TravelCache, 'cached'>,
  input: RouteInput,
  requests: CellRequest[],
  answers: Record<string, EtaAnswer>,
  now: Date,
): Promise<AskPlan> {
  const values: MatrixCell[] = [];
  const decisions: string[] = [];
  const ask = new Set<number>();
  requests.forEach((r, i) => {
    const d = decideEta(r, answers[input.participants[i]!.participantId] ?? null, now);
    if (d.action === 'ask') {
      ask.add(i);
      values.push(placeholder);
      decisions.push(d.reason);
    } else {
      values.push({
        ok: true,
        travelTimeSeconds: d.travelTimeSeconds,
        distanceMeters: d.distanceMeters,
      });
      decisions.push('reckon');
    }
  });
  if (ask.size > 0 && ask.size < requests.length) {
    const cached = await cache.cached(requests);
    const routes = new Set([...ask].map((i) => routeOf(requests[i]!)));
    for (const route of routes) {
      const members = requests.flatMap((r, i) => (routeOf(r) === route ? [i] : []));
      const missing = members.filter((i) => ask.has(i) && !cached[i]).length;
      let slots = freeSlots(missing, CELLS_PER_TRANSACTION);
      const reckoned = members.filter((i) => !ask.has(i));
      const oldest = (i: number) => Date.parse(answers[input.participants[i]!.participantId]!.at);
      for (const i of reckoned.filter((j) => cached[j])) ask.add(i);
      for (const i of reckoned.filter((j) => !cached[j]).sort((a, b) => oldest(a) - oldest(b))) {
        if (slots === 0) break;
        ask.add(i);
        slots--;
      }
      for (const i of reckoned) if (ask.has(i)) decisions[i] = 'fill';
    }
  }
  return { asked: [...ask].sort((a, b) => a - b), values, decisions };
}
