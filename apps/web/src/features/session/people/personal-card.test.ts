import { describe, expect, it } from 'vitest';
import type { PanelEntry } from '../../arrival-panel';
import { personalModel } from './personal-card';

const LA = 'America/Los_Angeles';
// Denver session, 5:30 PM MST on Mon Nov 23 2026 = 00:30Z on the 24th.
const session = {
  arriveAt: '2026-11-24T00:30:00.000Z',
  tzId: 'America/Denver',
  destination: { id: 'x', name: 'Boulder', address: '', position: { lat: 40.01, lon: -105.27 } },
};
const entry = (over: Partial<PanelEntry>): PanelEntry => ({
  key: 'user:me',
  participantId: 'user:me',
  inviteId: null,
  inviteCode: null,
  label: 'Sam',
  email: null,
  isCurrentUser: true,
  isOwner: false,
  pending: false,
  lat: 47.6,
  lon: -122.3,
  enroute: false,
  routeOptions: { travelMode: 'car', routeType: 'fastest', avoidTolls: false },
  routeOk: true,
  travelTimeSeconds: 72 * 60,
  distanceMeters: 128_900,
  departureTime: null,
  arrivalTime: null,
  updatedAt: '2026-11-23T21:00:00.000Z',
  inviterName: null,
  locationSource: 'device',
  arrivedAt: null,
  serverMinutesLate: null,
  ...over,
});

describe('personalModel', () => {
  // 1:42 PM in Seattle: leave by 3:18 PM Seattle time (23:18Z), in 1 h 36 min.
  const now = new Date('2026-11-23T21:42:00Z');

  it('Seattle viewer, Denver session: leave by in their zone, arrive in Denver time, both labelled', () => {
    const me = entry({});
    const m = personalModel({ session, me, entries: [me], now, viewerTz: LA });
    expect(m.kind).toBe('onTime');
    expect(m.headline).toBe('Leave by 3:18 PM Los Angeles time (in 1 h 36 min)');
    expect(m.detail).toBe('to arrive 5:30 PM Denver time');
    expect(m.travel).toBe('1 h 12 min by car · 80.1 mi');
    expect(m.status).toBe('Route available');
  });

  it('a Denver viewer sees no zone labels', () => {
    const me = entry({});
    const m = personalModel({ session, me, entries: [me], now, viewerTz: 'America/Denver' });
    expect(m.headline).toBe('Leave by 4:18 PM (in 1 h 36 min)');
    expect(m.detail).toBe('to arrive 5:30 PM');
  });

  it('late: leave now with the ETA and the minutes late; the group earliest beside the target', () => {
    const me = entry({ travelTimeSeconds: 3 * 3600 + 60 });
    const m = personalModel({ session, me, entries: [me], now, viewerTz: LA });
    expect(m.kind).toBe('late');
    expect(m.late).toBe(true);
    // 21:42Z + 3 h 1 min = 00:43Z = 5:43 PM Denver.
    expect(m.headline).toBe('Leave now · ETA 5:43 PM Denver time · 13 min late');
    expect(m.detail).toBe('Target 5:30 PM Denver time');
    expect(m.groupEarliest).toBe('Everyone can be there by 5:43 PM Denver time');
    expect(m.status).toBe('Late');
  });

  it('enroute shows the live ETA; not shared and computing say so', () => {
    const enroute = entry({ enroute: true });
    expect(
      personalModel({ session, me: enroute, entries: [enroute], now, viewerTz: LA }).headline,
    ).toBe('ETA 3:54 PM Denver time');
    const hidden = entry({ lat: null, lon: null, routeOk: false });
    const m = personalModel({ session, me: hidden, entries: [hidden], now, viewerTz: LA });
    expect([m.status, m.headline]).toEqual([
      'Not yet shared',
      'Share your location to see when to leave',
    ]);
    expect(personalModel({ session, me: null, entries: [], now, viewerTz: LA }).status).toBe(
      'Not yet shared',
    );
    const computing = entry({ routeOk: false });
    expect(
      personalModel({ session, me: computing, entries: [computing], now, viewerTz: LA }).status,
    ).toBe('Calculating route…');
  });

  it('after the meeting time: passed, who is there and who is on the way with ETA', () => {
    const after = new Date('2026-11-24T00:40:00Z'); // 5:40 PM Denver
    const me = entry({ distanceMeters: 80, travelTimeSeconds: 30 });
    const ann = entry({
      key: 'user:ann',
      participantId: 'user:ann',
      isCurrentUser: false,
      label: 'Ann',
      travelTimeSeconds: 20 * 60,
    });
    const bo = entry({
      key: 'user:bo',
      participantId: 'user:bo',
      isCurrentUser: false,
      label: 'Bo',
      lat: null,
      lon: null,
      routeOk: false,
    });
    const m = personalModel({ session, me, entries: [me, ann, bo], now: after, viewerTz: LA });
    expect(m.passed).toBe(true);
    expect(m.title).toBe('Meeting time passed');
    expect(m.headline).toBe('At the destination');
    expect(m.there).toEqual(['You']);
    expect(m.onTheWay).toEqual(['Ann (ETA 6:00 PM Denver time · 30 min late)']);
    expect(m.headline).not.toContain('Leave now');
  });

  it("'Open in Maps': directions to the destination by the viewer's travel mode, for the platform", () => {
    const me = entry({});
    const m = personalModel({ session, me, entries: [me], now, viewerTz: LA });
    expect(m.directions).toBe(
      'https://www.google.com/maps/dir/?api=1&destination=40.01,-105.27&travelmode=driving',
    );
    const walker = entry({
      routeOptions: { travelMode: 'walking', routeType: 'fastest', avoidTolls: false },
    });
    const onApple = personalModel({
      session,
      me: walker,
      entries: [walker],
      now,
      viewerTz: LA,
      platform: 'apple',
    });
    expect(onApple.directions).toBe('https://maps.apple.com/?daddr=40.01,-105.27&dirflg=w');
  });

  it('arrived: the new time only, no leave-by and no directions', () => {
    const me = entry({ arrivedAt: '2026-11-23T21:30:00Z' });
    const m = personalModel({ session, me, entries: [me], now, viewerTz: LA });
    expect(m.kind).toBe('there');
    expect(m.headline).toBe('At the destination');
    expect(m.detail).toBe('Target 5:30 PM Denver time');
    expect(`${m.headline} ${m.detail}`).not.toMatch(/leave/i);
    expect(m.directions).toBeNull();
  });

  it('no directions without a destination or a row', () => {
    const me = entry({});
    const bare = { ...session, destination: null };
    expect(
      personalModel({ session: bare, me, entries: [me], now, viewerTz: LA }).directions,
    ).toBeNull();
    expect(
      personalModel({ session, me: null, entries: [], now, viewerTz: LA }).directions,
    ).toBeNull();
  });
});
