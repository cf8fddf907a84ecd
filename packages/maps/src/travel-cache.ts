/**
 * The travel-time cache (ARCHITECTURE §3 steps 3–4), shared by the maps API and the route-matrix
 * worker so both answer from the same cells.
 *
 * `resolve(requests)`:
 *  1. computes each request's cache key (packages/travel: coordinates rounded to 3 decimals, time
 *     bucketed, mode and route options); requests with the same key share one cell;
 *  2. reads every key in one MGET;
 *  3. for each missing key takes a short in-flight marker (SET NX PX), then reads the cache again
 *     for the keys it got (a holder may have finished in between). Keys another caller holds are
 *     waited for (polling the cache) instead of computed again, so two workers racing on one key
 *     compute it once; if the holder gives up (marker gone, no value) the waiter computes it;
 *  4. groups the keys it holds by destination, time and options, splits each group into calls of at
 *     most `provider.limits.maxCellsPerCall` origins, and calls the provider;
 *  5. writes each call's cells with a TTL in one MULTI together with whatever the caller stages on
 *     it (`onProviderCall`: the usage event), so a cell is never written without its usage and a
 *     retried job, which finds the cell cached, never bills it twice.
 *
 * The provider is sent the rounded coordinates and the bucket time (not before now), so a cell's
 * value is a function of its key alone, whoever asked first.
 */
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Position } from '@oneeta/contracts';
import {
  roundCoord,
  timeBucket,
  travelCacheKey,
  transactionsForCells,
  type TimeKind,
} from '@oneeta/travel';
import type { ChainableCommander, Redis } from 'ioredis';
import type {
  MapsProvider,
  MatrixAnswer,
  MatrixCell,
  MatrixOptions,
  ProviderName,
} from './port.js';

/**
 * Transactions a matrix call is billed: Azure Maps bills ceil(cells / 4); the offline estimate is
 * counted the same way (what that traffic would cost on Azure, for the admin's estimate); a
 * self-hosted OSRM bills nothing, though its cells and requests are still counted.
 */
export function billedTransactions(provider: ProviderName, cells: number): number {
  return provider === 'osm' ? 0 : transactionsForCells(cells);
}

export interface CellRequest {
  origin: Position;
  destination: Position;
  time: { kind: TimeKind; at: Date };
  mode: MatrixOptions['mode'];
  routeType: MatrixOptions['routeType'];
  avoidTolls: boolean;
}

export interface StoredCell {
  cell: MatrixCell;
  strategy: MatrixAnswer['strategy'];
  provider: string;
  computedAt: string;
  expiresAt: string;
}

export interface ResolvedCell extends StoredCell {
  key: string;
  /** 'cache': found in the cache; 'provider': computed by this call; 'peer': computed by another caller while we waited. */
  source: 'cache' | 'provider' | 'peer';
}

/** One provider call made by `resolve`, for usage records. */
export interface ProviderCall {
  keys: string[];
  origins: Position[];
  destination: Position;
  options: MatrixOptions;
  cells: number;
  transactions: number;
  providerRequests: number;
  strategy: MatrixAnswer['strategy'];
  durationMs: number;
  /** Cells with a route, and the shortest travel time among them (null when none). */
  okCells: number;
  bestTravelTimeSeconds: number | null;
}

export interface ResolveOptions {
  /** Stage writes that must commit with the call's cells (e.g. `bus.stage(tx, 'usage.recorded', …)`). */
  onProviderCall?: (call: ProviderCall, tx: ChainableCommander) => void;
}

export interface TravelCacheOptions {
  redis: Redis;
  /** REDIS_PREFIX; cells live at `{prefix}:travel:{key}`, markers at `{prefix}:travel-lock:{key}`. */
  prefix: string;
  provider: MapsProvider;
  /** Lifetime of a computed cell. */
  ttlSeconds: number;
  /** Lifetime of a failed cell (no route), so a hopeless cell is not asked for on every update. */
  failedTtlSeconds?: number;
  /**
   * Lifetime of an in-flight marker. The holder renews its markers every third of it while its
   * provider calls run, so a marker outlives it by at most this long if its process dies; a waiter
   * whose key has neither a value nor a marker computes the key itself.
   */
  lockMs?: number;
  /** A waiter gives up after this long without the value appearing (default: 2 minutes). */
  maxWaitMs?: number;
  pollMs?: number;
  now?: () => Date;
}

export type TravelCache = ReturnType<typeof createTravelCache>;

const RELEASE_SCRIPT =
  "if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end return 0";
const EXTEND_SCRIPT =
  "if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) end return 0";

export function createTravelCache(opts: TravelCacheOptions) {
  const { redis, provider } = opts;
  const now = opts.now ?? (() => new Date());
  const lockMs = opts.lockMs ?? 5_000;
  const maxWaitMs = opts.maxWaitMs ?? 120_000;
  const pollMs = opts.pollMs ?? 50;
  const failedTtlMs = (opts.failedTtlSeconds ?? 60) * 1000;
  const cellKey = (key: string) => `${opts.prefix}:travel:${key}`;
  const lockKey = (key: string) => `${opts.prefix}:travel-lock:${key}`;

  const keyOf = (r: CellRequest, at: Date) =>
    travelCacheKey({
      origin: r.origin,
      destination: r.destination,
      at: r.time.at,
      kind: r.time.kind,
      now: at,
      mode: r.mode,
      routeType: r.routeType,
      avoidTolls: r.avoidTolls,
    });

  async function read(keys: string[]): Promise<Map<string, StoredCell>> {
    const found = new Map<string, StoredCell>();
    if (keys.length === 0) return found;
    const values = await redis.mget(keys.map(cellKey));
    values.forEach((v, i) => {
      if (v !== null) found.set(keys[i]!, JSON.parse(v) as StoredCell);
    });
    return found;
  }

  async function acquire(keys: string[], token: string): Promise<string[]> {
    const pipe = redis.pipeline();
    for (const key of keys) pipe.set(lockKey(key), token, 'PX', lockMs, 'NX');
    const replies = (await pipe.exec()) ?? [];
    return keys.filter((_, i) => replies[i]?.[1] === 'OK');
  }

  async function release(keys: string[], token: string): Promise<void> {
    if (keys.length === 0) return;
    const pipe = redis.pipeline();
    for (const key of keys) pipe.eval(RELEASE_SCRIPT, 1, lockKey(key), token);
    await pipe.exec();
  }

  /** Renews the markers still held (not yet written) every third of their lifetime, until stopped. */
  function keepAlive(held: Set<string>, token: string): () => void {
    const timer = setInterval(
      () => {
        if (held.size === 0) return;
        const pipe = redis.pipeline();
        for (const key of held) pipe.eval(EXTEND_SCRIPT, 1, lockKey(key), token, lockMs);
        pipe.exec().catch(() => {});
      },
      Math.max(10, Math.floor(lockMs / 3)),
    );
    timer.unref();
    return () => clearInterval(timer);
  }

  /** Computes the held keys in as few provider calls as the limit allows; writes cells with their usage. */
  async function compute(
    held: string[],
    byKey: Map<string, CellRequest>,
    at: Date,
    resolveOpts: ResolveOptions,
    token: string,
  ) {
    const computed = new Map<string, StoredCell>();
    const calls: ProviderCall[] = [];
    const stillHeld = new Set(held);
    const stop = keepAlive(stillHeld, token);
    try {
      for (const group of groupByCall(held, byKey, at, provider.limits.maxCellsPerCall)) {
        calls.push(await computeCall(group, computed, resolveOpts, token));
        for (const key of group.keys) stillHeld.delete(key);
      }
    } finally {
      stop();
    }
    return { computed, calls };
  }

  /** One provider call: its cells are written with their TTL, in one MULTI with the caller's usage record. */
  async function computeCall(
    group: CallGroup,
    computed: Map<string, StoredCell>,
    resolveOpts: ResolveOptions,
    token: string,
  ) {
    const started = performance.now();
    const answer = await provider.matrix(group.origins, group.destination, group.options);
    const durationMs = performance.now() - started;
    if (answer.cells.length !== group.keys.length) {
      throw new Error(
        `provider answered ${answer.cells.length} cells for ${group.keys.length} origins`,
      );
    }
    const times = answer.cells.flatMap((c) => (c.ok ? [c.travelTimeSeconds] : []));
    const call: ProviderCall = {
      keys: group.keys,
      origins: group.origins,
      destination: group.destination,
      options: group.options,
      cells: group.keys.length,
      transactions: billedTransactions(provider.name, group.keys.length),
      providerRequests: answer.providerRequests,
      strategy: answer.strategy,
      durationMs,
      okCells: times.length,
      bestTravelTimeSeconds: times.length > 0 ? Math.min(...times) : null,
    };
    const computedAt = now();
    const tx = redis.multi();
    group.keys.forEach((key, i) => {
      const cell = answer.cells[i]!;
      const ttlMs = cell.ok ? opts.ttlSeconds * 1000 : failedTtlMs;
      const stored: StoredCell = {
        cell,
        strategy: answer.strategy,
        provider: provider.name,
        computedAt: computedAt.toISOString(),
        expiresAt: new Date(computedAt.getTime() + ttlMs).toISOString(),
      };
      tx.set(cellKey(key), JSON.stringify(stored), 'PX', ttlMs);
      computed.set(key, stored);
    });
    resolveOpts.onProviderCall?.(call, tx);
    for (const key of group.keys) tx.eval(RELEASE_SCRIPT, 1, lockKey(key), token);
    await tx.exec();
    return call;
  }

  return {
    keyOf: (r: CellRequest) => keyOf(r, now()),

    /** Whether each request's cell is cached now (one MGET; nothing is computed or billed). */
    async cached(requests: CellRequest[]): Promise<boolean[]> {
      const at = now();
      const keys = requests.map((r) => keyOf(r, at));
      const found = await read([...new Set(keys)]);
      return keys.map((k) => found.has(k));
    },

    /** The cached cells of these requests, aligned with them; missing cells are computed (see the top of the file). */
    async resolve(
      requests: CellRequest[],
      resolveOpts: ResolveOptions = {},
    ): Promise<{ cells: ResolvedCell[]; calls: ProviderCall[] }> {
      const at = now();
      const keys = requests.map((r) => keyOf(r, at));
      const byKey = new Map<string, CellRequest>();
      keys.forEach((k, i) => byKey.set(k, requests[i]!));
      const results = new Map<string, ResolvedCell>();
      const calls: ProviderCall[] = [];
      const token = randomUUID();
      let pending = [...byKey.keys()];
      let first = true;
      const deadline = Date.now() + maxWaitMs;

      while (pending.length > 0) {
        const found = await read(pending);
        for (const [key, stored] of found)
          results.set(key, { ...stored, key, source: first ? 'cache' : 'peer' });
        first = false;
        const missing = pending.filter((k) => !found.has(k));
        if (missing.length === 0) break;
        const acquired = await acquire(missing, token);
        // A holder may have written its cells and dropped its markers between our read and our
        // acquire: read the acquired keys again, so a cell is never computed twice.
        const late = await read(acquired);
        for (const [key, stored] of late) results.set(key, { ...stored, key, source: 'peer' });
        await release([...late.keys()], token);
        const held = acquired.filter((k) => !late.has(k));
        if (held.length > 0) {
          try {
            const done = await compute(held, byKey, at, resolveOpts, token);
            for (const [key, stored] of done.computed)
              results.set(key, { ...stored, key, source: 'provider' });
            calls.push(...done.calls);
          } catch (err) {
            await release(held, token).catch(() => {});
            throw err;
          }
        }
        pending = missing.filter((k) => !results.has(k));
        if (pending.length > 0) {
          if (Date.now() > deadline)
            throw new Error(
              `gave up waiting for ${pending.length} travel cells computed elsewhere`,
            );
          await sleep(pollMs);
        }
      }
      return { cells: keys.map((k) => results.get(k)!), calls };
    },
  };
}

interface CallGroup {
  keys: string[];
  origins: Position[];
  destination: Position;
  options: MatrixOptions;
}

/**
 * Groups keys that can share one matrix call (same destination cell, time bucket and options: the
 * key without its origin), then splits each group into chunks of at most `limit` origins.
 */
export function groupByCall(
  keys: string[],
  byKey: Map<string, CellRequest>,
  at: Date,
  limit: number,
): CallGroup[] {
  const groups = new Map<string, CallGroup>();
  for (const key of keys) {
    const r = byKey.get(key)!;
    const [version, cells, ...rest] = key.split(':');
    const shared = [version, cells!.split('>')[1], ...rest].join(':');
    let group = groups.get(shared);
    if (!group) {
      // Never ask for a time before now: the bucket floors the time.
      const sendAt = new Date(Math.max(timeBucket(r.time.at, at).getTime(), at.getTime()));
      const time = r.time.kind === 'arriveAt' ? { arriveAt: sendAt } : { departAt: sendAt };
      group = {
        keys: [],
        origins: [],
        destination: rounded(r.destination),
        options: { ...time, mode: r.mode, routeType: r.routeType, avoidTolls: r.avoidTolls },
      };
      groups.set(shared, group);
    }
    group.keys.push(key);
    group.origins.push(rounded(r.origin));
  }
  const calls: CallGroup[] = [];
  for (const g of groups.values()) {
    for (let i = 0; i < g.keys.length; i += limit) {
      calls.push({
        ...g,
        keys: g.keys.slice(i, i + limit),
        origins: g.origins.slice(i, i + limit),
      });
    }
  }
  return calls;
}

const rounded = (p: Position): Position => ({ lat: roundCoord(p.lat), lon: roundCoord(p.lon) });
