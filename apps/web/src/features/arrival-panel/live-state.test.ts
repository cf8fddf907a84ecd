import { describe, expect, it } from 'vitest';
import {
  ARRIVED_WITHIN_METERS,
  groupEarliest,
  groupEarliestIfLater,
  liveState,
  participantCounts,
} from './live-state';
import { arrivedText, countText, etaText, lateText } from './live-text';

const target = new Date('2026-07-01T22:00:00Z'); // 3:00 PM in Los Angeles
const at238 = new Date('2026-07-01T21:38:00Z');
const base = {
  pending: false,
  lat: 47.6,
  lon: -122.3,
  routeOk: true,
  travelTimeSeconds: 15 * 60,
  distanceMeters: 9000,
  enroute: false,
};
const ctx = { target, hasDestination: true, now: at238 };
const clock = (d: Date) => d.toISOString().slice(11, 16);

describe('liveState', () => {
  it('on time: leave by target − travel, counting down', () => {
    const s = liveState(base, ctx);
    expect(s.kind).toBe('onTime');
    expect(s.leaveBy?.toISOString()).toBe('2026-07-01T21:45:00.000Z');
    expect(s.leaveInSeconds).toBe(7 * 60);
    expect(s.minutesLate).toBe(0);
  });

  it('moved 50 min away at 2:38 PM for 3:00 PM: late, ETA 3:28 PM, 28 min late', () => {
    const s = liveState({ ...base, travelTimeSeconds: 50 * 60 }, ctx);
    expect(s.kind).toBe('late');
    expect(s.eta?.toISOString()).toBe('2026-07-01T22:28:00.000Z');
    expect(etaText(s, clock)).toBe('ETA 22:28 · 28 min late');
  });

  it('switched to walking (150 min): 2 h 8 min late', () => {
    const s = liveState({ ...base, travelTimeSeconds: 150 * 60 }, ctx);
    expect(s.kind).toBe('late');
    expect(lateText(s.minutesLate)).toBe('2 h 8 min late');
  });

  it('enroute always has its live ETA, late or not', () => {
    const onTime = liveState({ ...base, enroute: true }, ctx);
    expect(onTime.kind).toBe('enroute');
    expect(etaText(onTime, clock)).toBe('ETA 21:53');
    const late = liveState({ ...base, enroute: true, travelTimeSeconds: 50 * 60 }, ctx);
    expect(etaText(late, clock)).toBe('ETA 22:28 · 28 min late');
  });

  it('after the meeting time: there, or on the way with ETA', () => {
    const after = { ...ctx, now: new Date('2026-07-01T22:10:00Z') };
    expect(liveState({ ...base, distanceMeters: ARRIVED_WITHIN_METERS }, after).kind).toBe('there');
    const onTheWay = liveState(base, after);
    expect(onTheWay.kind).toBe('onTheWay');
    expect(etaText(onTheWay, clock)).toBe('ETA 22:25 · 25 min late');
    // Exactly at the target it has passed.
    expect(liveState(base, { ...ctx, now: target }).kind).toBe('onTheWay');
  });

  it('someone already there before the time is there, not "leave"', () => {
    expect(liveState({ ...base, distanceMeters: 50, travelTimeSeconds: 20 }, ctx).kind).toBe(
      'there',
    );
  });

  it("arrived by the server's detection (issue 15): there, with or without a route or position", () => {
    const arrivedAt = '2026-07-01T21:30:00.000Z';
    expect(liveState({ ...base, arrivedAt }, ctx).kind).toBe('there');
    expect(liveState({ ...base, arrivedAt, lat: null, lon: null }, ctx).kind).toBe('there');
    expect(liveState({ ...base, arrivedAt, travelTimeSeconds: 50 * 60 }, ctx).minutesLate).toBe(0);
    // Not counted among those still on the way.
    expect(groupEarliest([{ ...base, arrivedAt, travelTimeSeconds: 50 * 60 }], at238)).toBeNull();
  });

  it("says 'Arrived {time}' for the server's arrival, nothing without one", () => {
    expect(arrivedText('2026-07-01T21:30:00.000Z', clock)).toBe('Arrived 21:30');
    expect(arrivedText(null, clock)).toBeNull();
    expect(arrivedText('not a date', clock)).toBeNull();
  });

  it("prefers the server's minutesLate to its own when the server has judged it", () => {
    // Ours: 28 min late; the server's, counted from its own travel time: 31.
    const s = liveState({ ...base, travelTimeSeconds: 50 * 60, serverMinutesLate: 31 }, ctx);
    expect(s.kind).toBe('late');
    expect(etaText(s, clock)).toBe('ETA 22:28 · 31 min late');
    // The server says late while our clock says on time: late.
    expect(liveState({ ...base, serverMinutesLate: 6 }, ctx).kind).toBe('late');
    // Nothing from the server: ours.
    expect(
      liveState({ ...base, travelTimeSeconds: 50 * 60, serverMinutesLate: null }, ctx).minutesLate,
    ).toBe(28);
  });

  it('pending, not shared, computing, no destination', () => {
    expect(liveState({ ...base, pending: true }, ctx).kind).toBe('pending');
    expect(liveState({ ...base, lat: null, lon: null }, ctx).kind).toBe('notShared');
    expect(liveState({ ...base, routeOk: false }, ctx).kind).toBe('computing');
    expect(liveState({ ...base, routeOk: false }, { ...ctx, hasDestination: false }).kind).toBe(
      'noDestination',
    );
  });

  it('without a target: an ETA, never late', () => {
    const s = liveState({ ...base, travelTimeSeconds: 50 * 60 }, { ...ctx, target: null });
    expect(s).toMatchObject({
      kind: 'onTime',
      minutesLate: 0,
      leaveBy: null,
      leaveInSeconds: null,
    });
  });
});

describe('groupEarliest', () => {
  const entries = [
    base,
    { ...base, travelTimeSeconds: 50 * 60 },
    { ...base, distanceMeters: 10, travelTimeSeconds: 5 }, // there
    { ...base, pending: true, travelTimeSeconds: 999_999 },
    { ...base, routeOk: false, travelTimeSeconds: 999_999 },
  ];

  it('is the latest live ETA of those on the way', () => {
    expect(groupEarliest(entries, at238)?.toISOString()).toBe('2026-07-01T22:28:00.000Z');
    expect(groupEarliest([entries[2]!], at238)).toBeNull();
  });

  it('shows beside the target only when later on the clock', () => {
    expect(groupEarliestIfLater(entries, target, at238)?.toISOString()).toBe(
      '2026-07-01T22:28:00.000Z',
    );
    expect(groupEarliestIfLater([base], target, at238)).toBeNull();
    expect(groupEarliestIfLater(entries, null, at238)).toBeNull();
  });

  it('rounds up to the minute, as the suggested arrival does (an ETA of 22:28:30 reads 22:29)', () => {
    const halfPast = new Date(at238.getTime() + 30_000);
    expect(groupEarliest(entries, halfPast)?.toISOString()).toBe('2026-07-01T22:28:30.000Z');
    expect(groupEarliestIfLater(entries, target, halfPast)?.toISOString()).toBe(
      '2026-07-01T22:29:00.000Z',
    );
  });
});

describe('participant count', () => {
  it("reads '2 joined · 2 invited', or only joined", () => {
    const four = [{ pending: false }, { pending: false }, { pending: true }, { pending: true }];
    expect(countText(participantCounts(four))).toBe('2 joined · 2 invited');
    expect(countText(participantCounts(four.slice(0, 1)))).toBe('1 joined');
  });
});
