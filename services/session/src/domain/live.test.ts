import { describe, expect, it } from 'vitest';
import {
  arrivalStep,
  currentLeaveBy,
  latestArrival,
  lateness,
  planLive,
  replannedAlert,
  replanOffer,
  sharingOver,
  suggestedArrival,
  type LiveParticipant,
  type LiveSession,
} from './live.js';

const T0 = new Date('2026-12-01T17:00:00Z'); // the arrival time
const min = (m: number) => new Date(T0.getTime() + m * 60_000);
const DEST = { lat: 47.6097, lon: -122.3422 };
/** A point `m` metres north of the destination. */
const north = (m: number) => ({ lat: DEST.lat + m / 111_195, lon: DEST.lon });

const session = (over: Partial<LiveSession> = {}): LiveSession => ({
  id: 's1',
  arriveAt: T0,
  destination: { id: 'd', name: 'Pike Place Market', address: '85 Pike St', position: DEST },
  tzId: 'America/Los_Angeles',
  isClosed: false,
  closedAt: null,
  noShowNotifiedAt: null,
  sharingEndedAt: null,
  ...over,
});
const person = (id: string, over: Partial<LiveParticipant> = {}): LiveParticipant => ({
  id: `user:${id}`,
  userId: id,
  name: id.toUpperCase(),
  email: null,
  status: 'active',
  isOwner: false,
  lat: 47.5,
  lon: -122.2,
  accuracy: 10,
  locationSource: 'device',
  travelOk: true,
  travelTimeSeconds: 20 * 60,
  nearSince: null,
  arrivedAt: null,
  lateNotifiedMinutes: null,
  ...over,
});
const owner = person('own', { isOwner: true, travelOk: null, travelTimeSeconds: null });
const DWELL = 60_000;

describe('lateness', () => {
  it('is the whole minutes past the arrival time, once more than 5, for an active routed participant not there yet', () => {
    const p = person('a', { travelTimeSeconds: 30 * 60 });
    expect(lateness(p, T0, min(-25))).toBeNull(); // ETA 5 min late: not more than 5
    expect(lateness(p, T0, min(-24))).toBe(6);
    expect(lateness({ ...p, arrivedAt: min(-30) }, T0, min(-24))).toBeNull();
    expect(lateness({ ...p, status: 'pending' }, T0, min(-24))).toBeNull();
    expect(lateness({ ...p, travelOk: false }, T0, min(-24))).toBeNull();
    expect(lateness(p, null, min(-24))).toBeNull();
  });

  it('suggests the latest ETA of everyone still on the way, rounded up to the minute, only while someone is late', () => {
    const late = person('a', { travelTimeSeconds: 40 * 60 + 10 });
    const fine = person('b', { travelTimeSeconds: 5 * 60 });
    expect(suggestedArrival([fine], T0, min(-30))).toBeNull();
    expect(suggestedArrival([late, fine], T0, min(-30))).toEqual(min(11));
  });

  it('offers no time more than 3 hours after the current one (the latest ETA still says how far behind)', () => {
    const walker = person('a', { travelTimeSeconds: 42 * 3600 });
    expect(suggestedArrival([walker], T0, min(-30))).toBeNull();
    expect(latestArrival([walker], T0, min(-30))).toEqual(min(42 * 60 - 30));
    expect(
      suggestedArrival([person('b', { travelTimeSeconds: 3 * 3600 + 30 * 60 })], T0, min(-30)),
    ).toEqual(min(180));
  });
});

describe('arrivalStep', () => {
  const at = (m: number, over: Partial<LiveParticipant> = {}) =>
    person('a', { ...north(m), ...over });

  it('arrives after dwelling within max(100 m, accuracy) for the dwell time', () => {
    const first = arrivalStep(at(80), DEST, min(0), DWELL);
    expect(first).toEqual({ nearSince: min(0), arrivedAt: null });
    const later = arrivalStep(at(90, first), DEST, min(0.9), DWELL);
    expect(later).toEqual({ nearSince: min(0), arrivedAt: null });
    expect(arrivalStep(at(90, first), DEST, min(1), DWELL)).toEqual({
      nearSince: min(0),
      arrivedAt: min(1),
    });
    // A poor fix widens the radius to its accuracy.
    expect(arrivalStep(at(250, { accuracy: 300 }), DEST, min(0), DWELL).nearSince).toEqual(min(0));
    expect(arrivalStep(at(250), DEST, min(0), DWELL).nearSince).toBeNull();
  });

  it('keeps an arrival while jittering within 300 m beyond the radius, and clears it only beyond', () => {
    const arrived = { nearSince: min(0), arrivedAt: min(1) };
    for (const [m, expected] of [
      [95, arrived],
      [130, { nearSince: null, arrivedAt: min(1) }],
      [399, { nearSince: null, arrivedAt: min(1) }],
      [401, { nearSince: null, arrivedAt: null }],
    ] as const) {
      expect(arrivalStep(at(m, arrived), DEST, min(2), DWELL), `${m} m`).toEqual(expected);
    }
    // A dwell that stepped out starts over.
    const back = arrivalStep(at(60, { nearSince: null }), DEST, min(5), DWELL);
    expect(back).toEqual({ nearSince: min(5), arrivedAt: null });
  });

  it('never detects an arrival from a typed starting address', () => {
    expect(arrivalStep(at(0, { locationSource: 'address' }), DEST, min(0), 0)).toEqual({
      nearSince: null,
      arrivedAt: null,
    });
  });
});

describe('planLive', () => {
  it('alerts the others once per slip and offers the owner the new time; again only 5 minutes later', () => {
    const late = person('a', { travelTimeSeconds: 40 * 60 });
    const b = person('b');
    const plan = planLive(session(), [owner, late, b], min(-30), DWELL);
    expect(plan.alerts).toEqual([
      expect.objectContaining({
        kind: 'late',
        recipients: ['own', 'b'],
        participantId: 'user:a',
        name: 'A',
        minutesLate: 10,
        eta: min(10).toISOString(),
      }),
      expect.objectContaining({
        kind: 'replan-offer',
        recipients: ['own'],
        suggestedArriveAt: min(10).toISOString(),
        participantIds: ['user:a'],
        names: ['A'],
        canReplan: false,
      }),
    ]);
    expect(plan.participants.get('user:a')).toEqual({ lateNotifiedMinutes: 10 });
    expect(plan.schedule).toBe(true);
    const told = { ...late, lateNotifiedMinutes: 10 };
    expect(planLive(session(), [owner, told, b], min(-26), DWELL).alerts).toEqual([]); // 14 min late
    const again = planLive(session(), [owner, told, b], min(-25), DWELL); // 15 min late
    expect(again.alerts.map((a) => a.kind)).toEqual(['late', 'replan-offer']);
    expect(again.participants.get('user:a')).toEqual({ lateNotifiedMinutes: 15 });
  });

  it('forgets a slip only once the participant is on time again, not while hovering at the threshold', () => {
    const told = person('a', { travelTimeSeconds: 33 * 60, lateNotifiedMinutes: 6 });
    expect(planLive(session(), [owner, told], min(-30), DWELL).participants.size).toBe(0); // 3 min late
    const onTime = { ...told, travelTimeSeconds: 20 * 60 };
    const over = planLive(session(), [owner, onTime], min(-30), DWELL);
    expect(over.participants.get('user:a')).toEqual({ lateNotifiedMinutes: null });
    // The schedule says the slip is over, so the notification service ends its late alert.
    expect(over.schedule).toBe(true);
    expect(planLive(session(), [owner, person('b')], min(-30), DWELL).schedule).toBe(false);
  });

  it('offers the owner a new time only up to 3 hours later; past that, names who is far behind', () => {
    const walker = person('a', { travelTimeSeconds: 42 * 3600 });
    const slightly = person('b', { travelTimeSeconds: 40 * 60 });
    const plan = planLive(
      session({ ownerPlan: 'premium' }),
      [owner, walker, slightly],
      min(-30),
      DWELL,
    );
    expect(plan.alerts.map((a) => a.kind)).toEqual(['late', 'late', 'far-behind']);
    expect(plan.alerts[2]).toEqual(
      expect.objectContaining({
        kind: 'far-behind',
        recipients: ['own'],
        participantIds: ['user:a'],
        names: ['A'],
      }),
    );
    // Exactly 3 hours later is still offered, to an owner whose plan can edit.
    const three = person('c', { travelTimeSeconds: 3 * 3600 + 30 * 60 });
    expect(replanOffer(session({ ownerPlan: 'standard' }), [three], min(180), min(-30))).toEqual({
      kind: 'replan-offer',
      suggestedArriveAt: min(180).toISOString(),
      participantIds: ['user:c'],
      names: ['C'],
      canReplan: true,
    });
    expect(replanOffer(session({ ownerPlan: 'free' }), [three], min(180), min(-30))).toEqual(
      expect.objectContaining({ kind: 'replan-offer', canReplan: false }),
    );
  });

  it('tells the others about an arrival, and ends sharing once everyone has arrived', () => {
    const near = person('a', { ...north(20), nearSince: min(-2) });
    const plan = planLive(session(), [owner, near], min(-1), DWELL);
    expect(plan.alerts).toEqual([
      expect.objectContaining({
        kind: 'arrived',
        recipients: ['own'],
        name: 'A',
        arrivedAt: min(-1).toISOString(),
      }),
    ]);
    expect(plan.visible).toBe(true);
    expect(plan.session.sharingEndedAt).toBeUndefined();
    const ownerThere = { ...owner, ...north(10), nearSince: min(-3), arrivedAt: min(-2) };
    const all = planLive(session(), [ownerThere, near], min(-1), DWELL);
    expect(all.session.sharingEndedAt).toEqual(min(-1));
    expect(
      sharingOver(session(), [{ ...ownerThere }, { ...near, arrivedAt: min(-1) }], min(-1)),
    ).toBe(true);
  });

  it('tells the owner once, 10 minutes after the arrival time, who has not arrived', () => {
    const there = person('a', { ...north(10), nearSince: min(-2), arrivedAt: min(-1) });
    const missing = person('b', {
      name: '',
      email: 'b@example.com',
      travelOk: null,
      travelTimeSeconds: null,
    });
    const ownerHere = { ...owner, arrivedAt: min(-2) };
    expect(planLive(session(), [ownerHere, there, missing], min(9), DWELL).alerts).toEqual([]);
    const plan = planLive(session(), [owner, there, missing], min(10), DWELL);
    expect(plan.alerts.filter((a) => a.kind === 'no-show')).toEqual([
      expect.objectContaining({ recipients: ['own'], names: ['b@example.com'] }),
    ]);
    expect(plan.session.noShowNotifiedAt).toEqual(min(10));
    expect(
      planLive(session({ noShowNotifiedAt: min(10) }), [owner, there, missing], min(11), DWELL)
        .alerts,
    ).toEqual([]);
  });

  it('ends sharing 2 hours after the arrival time, and does nothing for a closed or ended session', () => {
    expect(
      planLive(session(), [owner, person('a')], min(120), DWELL).session.sharingEndedAt,
    ).toEqual(min(120));
    const late = person('a', { travelTimeSeconds: 60 * 60 });
    for (const s of [
      session({ isClosed: true }),
      session({ closedAt: min(-60) }),
      session({ sharingEndedAt: min(-5) }),
      session({ destination: null }),
    ]) {
      const plan = planLive(s, [owner, late], min(-30), DWELL);
      expect(plan.alerts).toEqual([]);
      expect(plan.participants.size + Object.keys(plan.session).length).toBe(0);
    }
  });
});

describe('replannedAlert', () => {
  it('tells everyone else signed in the new time and their own leave-by', () => {
    const a = person('a', { travelTimeSeconds: 30 * 60 });
    const guest = person('g', { userId: null });
    const unrouted = person('c', { travelOk: null, travelTimeSeconds: null });
    expect(
      replannedAlert(session({ arriveAt: min(15) }), [owner, a, guest, unrouted], 'own'),
    ).toEqual(
      expect.objectContaining({
        kind: 'replanned',
        arriveAt: min(15).toISOString(),
        recipients: ['a', 'c'],
        leaveBy: [
          { userId: 'a', leaveBy: min(-15).toISOString() },
          { userId: 'c', leaveBy: null },
        ],
      }),
    );
    expect(replannedAlert(session(), [owner], 'own')).toBeNull();
  });

  it('gives whoever has arrived or is at the destination the new time only, never a leave-by', () => {
    const arrived = person('a', { arrivedAt: min(-5), travelTimeSeconds: 0 });
    const near = person('b', { nearSince: min(-1) });
    const zero = person('c', { travelTimeSeconds: 20 });
    const alert = replannedAlert(
      session({ arriveAt: min(15) }),
      [owner, arrived, near, zero],
      'own',
    );
    expect(alert && alert.kind === 'replanned' ? alert.leaveBy : null).toEqual([
      { userId: 'a', leaveBy: null },
      { userId: 'b', leaveBy: null },
      { userId: 'c', leaveBy: null },
    ]);
  });
});

describe('currentLeaveBy', () => {
  it('states a leave-by only where the travel result was computed for the current arrival time', () => {
    const p = (id: string, leaveBy: string | null) => ({
      participantId: id,
      userId: id,
      status: 'active' as const,
      enroute: false,
      leaveBy,
      arrivedAt: null,
      lateMinutes: null,
    });
    const schedule = {
      sessionId: 's1',
      isClosed: false,
      destinationName: 'Pike',
      arriveAt: min(30).toISOString(),
      tzId: null,
      participants: [
        p('a', min(10).toISOString()),
        p('b', min(-10).toISOString()),
        p('c', min(5).toISOString()),
      ],
    };
    const out = currentLeaveBy(schedule, [
      { id: 'a', arrivalTime: min(30) },
      { id: 'b', arrivalTime: T0 }, // computed for the time before the re-plan
      { id: 'c', arrivalTime: null },
    ]);
    expect(out.participants.map((x) => x.leaveBy)).toEqual([
      min(10).toISOString(),
      null,
      min(5).toISOString(),
    ]);
  });
});
