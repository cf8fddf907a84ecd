import {
  suggestionResponseSchema,
  type Suggestion,
  type SuggestionMatrixJobResult,
} from '@oneeta/contracts';
import { eventually } from '@oneeta/service-kit/testing';
import { bearer, createSession, type TestUser } from '@oneeta/session/testing';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { countingProvider, startPipeline, type Pipeline } from './helpers.js';

/**
 * "Where should we meet?" end to end: the real session service writes the suggestion-matrix job,
 * the worker here reads its input over HTTP, resolves the participants × places cells through the
 * travel cache (Redis) with the offline provider, bills the calls in usage.recorded and posts the
 * matrix back; the session service ranks it.
 */
let p: Pipeline;
beforeAll(async () => {
  p = await startPipeline();
});
afterEach(async () => {
  await p.closeWorkers();
});
afterAll(async () => {
  await p.close();
});

/** Fixed for the cache and the job alike: a repeat lands in the same time bucket. */
const NOW = new Date('2031-03-04T10:00:00.000Z');
const now = () => NOW;

const places = (n: number) =>
  Array.from({ length: n }, (_, i) => ({
    name: `Place ${i}`,
    position: { lat: 47.55 + i * 0.02, lon: -122.3 - i * 0.01 },
  }));

/** A premium owner with three positioned guests: four people. */
async function fourPeople() {
  const owner = await p.session.user({ plan: 'premium' });
  const s = await createSession(p.session, owner, {
    participants: [
      { id: `user:${owner.id}`, lat: 47.61, lon: -122.33 },
      { id: 'g1', name: 'One', lat: 47.5, lon: -122.2 },
      { id: 'g2', name: 'Two', lat: 47.7, lon: -122.4 },
      { id: 'g3', name: 'Three', lat: 47.45, lon: -122.35 },
    ],
  });
  return { owner, id: s.sessionId };
}

const propose = async (owner: TestUser, id: string, payload: object): Promise<Suggestion> => {
  const res = await p.session.app.inject({
    method: 'POST',
    url: `/api/sessions/${id}/suggestions`,
    headers: bearer(owner.token),
    payload,
  });
  expect(res.statusCode, res.body).toBe(201);
  return suggestionResponseSchema.parse(res.json()).suggestion;
};

const readyOf = async (owner: TestUser, id: string, sid: string): Promise<Suggestion> => {
  let ready: Suggestion | undefined;
  await eventually(async () => {
    const res = await p.session.app.inject({
      method: 'GET',
      url: `/api/sessions/${id}/suggestions/${sid}`,
      headers: bearer(owner.token),
    });
    const s = suggestionResponseSchema.parse(res.json()).suggestion;
    if (s.status === 'ready') ready = s;
    return s.status === 'ready';
  });
  return ready!;
};

const jobResult = async (sid: string) => {
  let result: SuggestionMatrixJobResult | undefined;
  await eventually(async () => {
    const job = await p.session.suggestionQueue.getJob(sid);
    result = job?.returnvalue ?? undefined;
    return result !== undefined;
  });
  return result!;
};

describe('suggestion-matrix worker against the real session service', () => {
  it('computes 4 people × 5 places as one job of 20 cells, and a repeat from the cache', async () => {
    const counting = countingProvider();
    p.suggestionWorker(counting.provider, { now });
    const { owner, id } = await fourPeople();

    const first = await propose(owner, id, { candidates: places(5) });
    const ready = await readyOf(owner, id, first.id);
    expect(ready.ranked).toHaveLength(5);
    expect(ready.ranked.every((r) => r.travel.length === 4)).toBe(true);
    expect(ready.leftOut).toEqual([]);
    expect(ready.computedAt).toBe(NOW.toISOString());
    // Ranked by when everyone can be there, best first.
    const by = ready.ranked.map((r) => Date.parse(r.everyoneBy!));
    expect(by).toEqual([...by].sort((a, b) => a - b));

    const result = await jobResult(first.id);
    expect(result).toMatchObject({ outcome: 'computed', origins: 4, candidates: 5, cells: 20 });
    // One call per place (each call's origins go to one destination), 20 cells in all.
    expect(counting.calls).toHaveLength(5);
    expect(counting.cells()).toBe(20);
    // Counted in matrix usage like any other call: one travel_times record per call, for the job.
    const billed = (await p.usage()).filter((u) => u.data.jobId === first.id);
    expect(billed).toHaveLength(5);
    expect(billed.every((u) => u.data.origin === 'route-matrix' && u.data.sessionId === id)).toBe(
      true,
    );
    expect(billed.reduce((n, u) => n + (u.data.metrics.cells ?? 0), 0)).toBe(20);

    // The same places again: every cell is in the cache, the provider is not asked.
    const second = await propose(owner, id, { candidates: places(5) });
    const again = await readyOf(owner, id, second.id);
    expect(await jobResult(second.id)).toMatchObject({
      outcome: 'all_cached',
      cachedKeys: 20,
      cells: 0,
      providerCalls: 0,
    });
    expect(counting.calls).toHaveLength(5);
    expect(again.ranked.map((r) => r.name)).toEqual(ready.ranked.map((r) => r.name));
    expect((await p.usage()).filter((u) => u.data.jobId === second.id)).toHaveLength(0);
  });

  it('finds a kind of place around the group through the offline nearby search, then ranks it', async () => {
    const counting = countingProvider();
    p.suggestionWorker(counting.provider, { now });
    const { owner, id } = await fourPeople();

    const s = await propose(owner, id, { category: 'cafe', limit: 3 });
    expect(s).toMatchObject({ mode: 'category', category: 'cafe', candidates: [] });
    expect(s.centre).not.toBeNull();
    const ready = await readyOf(owner, id, s.id);
    // The offline gazetteer answers with the towns nearest the centre.
    expect(ready.candidates).toHaveLength(3);
    expect(ready.candidates.every((c) => c.id.startsWith('city:'))).toBe(true);
    expect(ready.ranked).toHaveLength(3);
    expect(await jobResult(s.id)).toMatchObject({ outcome: 'computed', candidates: 3, cells: 12 });
    const search = (await p.usage()).filter(
      (u) => u.data.jobId === s.id && u.data.event === 'search',
    );
    expect(search).toHaveLength(1);
    expect(search[0]!.data.result).toEqual({ numResults: 3 });

    // The session view carries the ready suggestion too (a refresh or a second device shows it).
    const view = await p.session.app.inject({
      method: 'GET',
      url: `/api/sessions/${id}`,
      headers: bearer(owner.token),
    });
    expect(view.json().session.suggestion).toMatchObject({ id: s.id, status: 'ready' });
  });

  it('drops the job of a suggestion that was replaced before it ran', async () => {
    const counting = countingProvider();
    const { owner, id } = await fourPeople();
    const old = await propose(owner, id, { candidates: places(2) });
    const current = await propose(owner, id, { candidates: places(3) });
    p.suggestionWorker(counting.provider, { now: () => new Date(NOW.getTime() + 3_600_000) });
    expect(await jobResult(old.id)).toMatchObject({ outcome: 'gone', cells: 0 });
    await readyOf(owner, id, current.id);
    expect(counting.cells()).toBe(12);
  });
});
