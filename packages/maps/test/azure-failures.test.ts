import { describe, expect, it } from 'vitest';
import { ProviderError } from '../src/port.js';
import { car, useFakeAzure } from './azure-harness.js';
import { places } from './factories.js';

const h = useFakeAzure({ unroutable: [places.everett] });

describe('azure adapter: failures', () => {
  it('retries a 429 after Retry-After and counts both requests', async () => {
    h.fake.failNext(1, 429, { retryAfterSeconds: 2 });
    const answer = await h.azure().matrix([places.bellevue, places.tacoma], places.seattle, car);
    expect(answer.cells.every((c) => c.ok)).toBe(true);
    expect(answer.providerRequests).toBe(2);
    expect(h.mapsRequests()).toHaveLength(2);
    expect(h.sleeps).toHaveLength(1);
    expect(h.sleeps[0]).toBeGreaterThanOrEqual(2000);
  });

  it('backs off exponentially with jitter between 5xx retries, then throws a retryable ProviderError', async () => {
    h.fake.failNext(3, 500);
    const error = await h
      .azure({ random: () => 0.5 })
      .matrix([places.bellevue, places.tacoma], places.seattle, car)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderError);
    expect(error).toMatchObject({ status: 500, retryable: true });
    expect((error as Error).message).toMatch(/route matrix failed: HTTP 500.*after 3 attempt/);
    expect(h.mapsRequests()).toHaveLength(3);
    expect(h.sleeps).toEqual([188, 375]);
  });

  it('fails a 401 at once, without retrying and without the key in the message', async () => {
    const error = await h
      .azure({ key: 'wrong-secret-key' })
      .search({ query: 'Seattle', radiusMeters: 1000, limit: 1 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderError);
    expect(error).toMatchObject({ status: 401, retryable: false });
    expect((error as Error).message).toMatch(/fuzzy search failed: HTTP 401/);
    expect((error as Error).message).not.toContain('wrong-secret-key');
    expect(h.mapsRequests()).toHaveLength(1);
  });

  it('gives up on a Retry-After longer than it is willing to wait', async () => {
    h.fake.failNext(1, 429, { retryAfterSeconds: 3600 });
    const error = await h
      .azure()
      .timezone(places.seattle)
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 429, retryable: true });
    expect(h.mapsRequests()).toHaveLength(1);
  });

  it('times out each attempt and throws after the last one', async () => {
    h.fake.delayNext(2, 1_000);
    const started = Date.now();
    const error = await h
      .azure({ timeoutMs: 150, maxAttempts: 2 })
      .timezone(places.seattle)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderError);
    expect((error as Error).message).toMatch(/timed out after 150 ms.*after 2 attempt/);
    expect(Date.now() - started).toBeLessThan(900);
    expect(h.mapsRequests()).toHaveLength(2);
  });

  it('throws a retryable ProviderError when Azure cannot be reached', async () => {
    const error = await h
      .azure({ endpoint: 'http://127.0.0.1:9', maxAttempts: 2 })
      .timezone(places.seattle)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderError);
    expect(error).toMatchObject({ status: null, retryable: true });
    expect((error as Error).message).toMatch(/network error/);
    expect(h.sleeps).toHaveLength(1);
  });

  it('turns a per-cell matrix error into an ok:false cell and keeps the others', async () => {
    const answer = await h
      .azure()
      .matrix([places.bellevue, places.everett, places.tacoma], places.seattle, car);
    expect(answer.cells.map((c) => c.ok)).toEqual([true, false, true]);
    expect(answer.cells[1]).toMatchObject({
      travelTimeSeconds: null,
      distanceMeters: null,
      error: expect.stringMatching(/NO_ROUTE_FOUND/),
    });
  });

  it('turns an unroutable single-origin directions answer into an ok:false cell', async () => {
    const answer = await h.azure().matrix([places.everett], places.seattle, car);
    expect(answer).toMatchObject({
      strategy: 'directions',
      providerRequests: 1,
      cells: [{ ok: false }],
    });
  });

  it('refuses 101 origins before sending anything', async () => {
    const origins = Array.from({ length: 101 }, () => places.bellevue);
    await expect(h.azure().matrix(origins, places.seattle, car)).rejects.toThrow(
      /at most 100 cells/,
    );
    expect(h.fake.requests).toHaveLength(0);
  });
});
