import {
  ETA_DEVIATION_SECONDS,
  ETA_LEAVE_BY_MARGIN_SECONDS,
  ETA_MAX_AGE_SECONDS,
  TRAVEL_UNCHANGED_SECONDS,
  type TravelResult,
} from '@oneeta/contracts';
import type { CellRequest } from '@oneeta/maps';
import { describe, expect, it } from 'vitest';
import {
  answerOf,
  decideEta,
  freeSlots,
  unchanged,
  type EtaAnswer,
} from '../src/domain/eta-policy.js';

const DEST = { lat: 47.61, lon: -122.342 };
const HOME = { lat: 47.52, lon: -122.342 }; // 10 km south
const T0 = Date.parse('2026-11-21T17:01:00Z');
const ANSWER_S = 1200;
const ANSWER_M = 12_000;

/** A point `fraction` of the straight line from HOME to DEST, `east` metres off it. */
const along = (fraction: number, east = 0) => ({
  lat: HOME.lat + (DEST.lat - HOME.lat) * fraction,
  lon: HOME.lon + east / (111_320 * Math.cos((HOME.lat * Math.PI) / 180)),
});

const request = (
  origin: { lat: number; lon: number },
  nowMs: number,
  opts: { arriveAt?: number; mode?: CellRequest['mode'] } = {},
): CellRequest => ({
  origin,
  destination: DEST,
  time:
    opts.arriveAt === undefined
      ? { kind: 'departAt', at: new Date(nowMs) }
      : { kind: 'arriveAt', at: new Date(opts.arriveAt) },
  mode: opts.mode ?? 'car',
  routeType: 'fastest',
  avoidTolls: false,
});

const answered = (opts: { arriveAt?: number; setOff?: boolean; ok?: boolean } = {}): EtaAnswer => {
  const cell =
    opts.ok === false
      ? { ok: false, travelTimeSeconds: null, distanceMeters: null }
      : { ok: true, travelTimeSeconds: ANSWER_S, distanceMeters: ANSWER_M };
  return { ...answerOf(request(HOME, T0, opts), cell, new Date(T0)), setOff: opts.setOff ?? false };
};

const sec = (s: number) => T0 + s * 1000;
const ARRIVE = sec(3 * 3600); // a timed session, far ahead

describe('decideEta', () => {
  const cases: {
    name: string;
    last: EtaAnswer | null;
    req: CellRequest;
    at: number;
    expected: ReturnType<typeof decideEta> | { action: 'ask'; reason: string };
  }[] = [
    {
      name: 'no answer yet',
      last: null,
      req: request(HOME, T0),
      at: T0,
      expected: { action: 'ask', reason: 'first' },
    },
    {
      name: 'the last answer had no route',
      last: answered({ ok: false }),
      req: request(HOME, sec(30)),
      at: sec(30),
      expected: { action: 'ask', reason: 'failed' },
    },
    {
      name: 'another travel mode',
      last: answered(),
      req: request(HOME, sec(30), { mode: 'bicycle' }),
      at: sec(30),
      expected: { action: 'ask', reason: 'route' },
    },
    {
      name: 'the session got an arrival time',
      last: answered(),
      req: request(HOME, sec(30), { arriveAt: ARRIVE }),
      at: sec(30),
      expected: { action: 'ask', reason: 'route' },
    },
    {
      name: 'moved as predicted: answer − elapsed',
      last: answered(),
      req: request(along(0.25), sec(300)),
      at: sec(300),
      expected: {
        action: 'reckon',
        travelTimeSeconds: 900,
        distanceMeters: 9000,
        deviationSeconds: expect.closeTo(0, 0) as unknown as number,
      },
    },
    {
      name: 'a little behind, within the threshold',
      last: answered(),
      req: request(along(0.25 - (ETA_DEVIATION_SECONDS - 10) / ANSWER_S), sec(300)),
      at: sec(300),
      expected: {
        action: 'reckon',
        travelTimeSeconds: 900,
        distanceMeters: expect.any(Number) as unknown as number,
        deviationSeconds: expect.closeTo(50, 0) as unknown as number,
      },
    },
    {
      name: 'stopped after 500 m',
      last: answered(),
      req: request(along(0.05), sec(300)),
      at: sec(300),
      expected: { action: 'ask', reason: 'deviation' },
    },
    {
      name: 'faster than the answer',
      last: answered(),
      req: request(along(0.5), sec(300)),
      at: sec(300),
      expected: { action: 'ask', reason: 'deviation' },
    },
    {
      name: 'a detour 4 km sideways',
      last: answered(),
      req: request(along(0.25, 4000), sec(300)),
      at: sec(300),
      expected: { action: 'ask', reason: 'deviation' },
    },
    {
      name: 'older than the maximum age, though on track',
      last: answered(),
      req: request(along((ETA_MAX_AGE_SECONDS + 5) / ANSWER_S), sec(ETA_MAX_AGE_SECONDS + 5)),
      at: sec(ETA_MAX_AGE_SECONDS + 5),
      expected: { action: 'ask', reason: 'max_age' },
    },
    {
      name: 'not set off, GPS jitter of 30 m: the answer stands',
      last: answered(),
      req: request(along(0, 30), sec(120)),
      at: sec(120),
      expected: {
        action: 'reckon',
        travelTimeSeconds: ANSWER_S,
        distanceMeters: ANSWER_M,
        deviationSeconds: expect.closeTo(0, 0) as unknown as number,
      },
    },
    {
      name: 'waiting for a timed session, leave-by far ahead',
      last: answered({ arriveAt: ARRIVE }),
      req: request(HOME, sec(300), { arriveAt: ARRIVE }),
      at: sec(300),
      expected: {
        action: 'reckon',
        travelTimeSeconds: ANSWER_S,
        distanceMeters: ANSWER_M,
        deviationSeconds: 0,
      },
    },
    {
      name: 'waiting, leave-by within the margin',
      last: answered({ arriveAt: sec(ANSWER_S + ETA_LEAVE_BY_MARGIN_SECONDS + 60) }),
      req: request(HOME, sec(120), { arriveAt: sec(ANSWER_S + ETA_LEAVE_BY_MARGIN_SECONDS + 60) }),
      at: sec(120),
      expected: { action: 'ask', reason: 'leave_by' },
    },
    {
      name: 'set off already, near leave-by, on track',
      last: answered({ arriveAt: sec(ANSWER_S + 60), setOff: true }),
      req: request(along(0.25), sec(300), { arriveAt: sec(ANSWER_S + 60) }),
      at: sec(300),
      expected: {
        action: 'reckon',
        travelTimeSeconds: 900,
        distanceMeters: 9000,
        deviationSeconds: expect.closeTo(0, 0) as unknown as number,
      },
    },
  ];
  it.each(cases)('$name', ({ last, req, at, expected }) => {
    expect(decideEta(req, last, new Date(at))).toEqual(expected);
  });

  it('the traffic bucket changing triggers a re-ask', () => {
    // Answered at 17:14:00 for "leave now"; at 17:15:30 the departure time is in the next bucket.
    const at = Date.parse('2026-11-21T17:14:00Z');
    const last = answerOf(
      request(HOME, at),
      { ok: true, travelTimeSeconds: ANSWER_S, distanceMeters: ANSWER_M },
      new Date(at),
    );
    const now = at + 90_000;
    expect(decideEta(request(along(90 / ANSWER_S), now), last, new Date(now))).toEqual({
      action: 'ask',
      reason: 'bucket',
    });
  });
});

describe('answerOf', () => {
  it('keeps where the first answer was asked, and marks the participant as set off once they leave it', () => {
    const first = answerOf(
      request(HOME, T0),
      { ok: true, travelTimeSeconds: ANSWER_S, distanceMeters: ANSWER_M },
      new Date(T0),
    );
    expect(first).toMatchObject({ home: HOME, setOff: false });
    const jitter = answerOf(
      request(along(0, 20), sec(60)),
      { ok: true, travelTimeSeconds: ANSWER_S, distanceMeters: ANSWER_M },
      new Date(sec(60)),
      first,
    );
    expect(jitter).toMatchObject({ home: HOME, setOff: false });
    const away = answerOf(
      request(along(0.1), sec(120)),
      { ok: true, travelTimeSeconds: 1080, distanceMeters: 10_800 },
      new Date(sec(120)),
      jitter,
    );
    expect(away).toMatchObject({ home: HOME, setOff: true, travelTimeSeconds: 1080 });
    const back = answerOf(
      request(HOME, sec(180)),
      { ok: true, travelTimeSeconds: ANSWER_S, distanceMeters: ANSWER_M },
      new Date(sec(180)),
      away,
    );
    expect(back.setOff).toBe(true);
  });
});

describe('freeSlots', () => {
  it.each([
    [0, 0],
    [1, 3],
    [3, 1],
    [4, 0],
    [5, 3],
    [8, 0],
  ])('%i asked cells leave %i free in their last transaction', (asked, free) => {
    expect(freeSlots(asked, 4)).toBe(free);
  });
});

describe('unchanged', () => {
  const result = (over: Partial<TravelResult> = {}): TravelResult => ({
    participantId: 'a',
    ok: true,
    travelTimeSeconds: 900,
    distanceMeters: 9000,
    departureTime: '2026-11-21T17:00:00.000Z',
    arrivalTime: '2026-11-21T17:15:00.000Z',
    ...over,
  });
  const published = { a: result() };
  const later = (s: number) =>
    new Date(Date.parse('2026-11-21T17:15:00.000Z') + s * 1000).toISOString();
  it.each([
    { name: 'nothing published yet', before: null, next: [result()], same: false },
    { name: 'identical', before: published, next: [result()], same: true },
    {
      name: 'arrival within the tolerance',
      before: published,
      next: [result({ arrivalTime: later(TRAVEL_UNCHANGED_SECONDS) })],
      same: true,
    },
    {
      name: 'arrival beyond the tolerance',
      before: published,
      next: [result({ arrivalTime: later(TRAVEL_UNCHANGED_SECONDS + 1) })],
      same: false,
    },
    {
      name: 'another travel time',
      before: published,
      next: [result({ travelTimeSeconds: 899 })],
      same: false,
    },
    {
      name: 'another distance',
      before: published,
      next: [result({ distanceMeters: 8999 })],
      same: false,
    },
    {
      name: 'no route any more',
      before: published,
      next: [
        result({ ok: false, travelTimeSeconds: null, distanceMeters: null, arrivalTime: null }),
      ],
      same: false,
    },
    {
      name: 'a participant joined',
      before: published,
      next: [result(), result({ participantId: 'b' })],
      same: false,
    },
    {
      name: 'another participant',
      before: published,
      next: [result({ participantId: 'b' })],
      same: false,
    },
  ])('$name → $same', ({ before, next, same }) => {
    expect(unchanged(before, next)).toBe(same);
  });
});
