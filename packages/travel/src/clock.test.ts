import { describe, expect, it } from 'vitest';
import { canonicalZone, clockText, sameZone, zoneCity, zoneLabel } from './clock.js';
import { leaveBy } from './meeting.js';

const LA = 'America/Los_Angeles';
const DENVER = 'America/Denver';

describe('zone labels', () => {
  it('names a zone by its place', () => {
    expect(zoneCity(LA)).toBe('Los Angeles');
    expect(zoneCity('America/Argentina/Buenos_Aires')).toBe('Buenos Aires');
    expect(zoneCity('UTC')).toBe('UTC');
    expect(zoneCity('Etc/GMT+5')).toBe('Etc/GMT+5');
    expect(zoneLabel(DENVER)).toBe('Denver time');
  });

  it('compares zones by their canonical id', () => {
    expect(canonicalZone('US/Mountain')).toBe(DENVER);
    expect(canonicalZone('Not/AZone')).toBeNull();
    expect(sameZone('US/Pacific', LA)).toBe(true);
    expect(sameZone(LA, DENVER)).toBe(false);
  });
});

describe('clockText: a Seattle viewer, a Denver destination (issue 12 item 1)', () => {
  // Mon Nov 23 2026, 2:42 PM in Seattle (22:42Z).
  const now = new Date('2026-11-23T22:42:00Z');
  // 5:30 PM in Denver (MST, UTC−7) is 00:30Z on the 24th: 4:30 PM in Seattle.
  const arrive = new Date('2026-11-24T00:30:00Z');
  const leave = leaveBy(arrive, 72 * 60);

  it('shows the arrival in the destination zone, labelled', () => {
    const t = clockText(arrive, DENVER, { now, viewerTz: LA });
    expect(t).toEqual({ time: '5:30 PM', zone: 'Denver time', text: '5:30 PM Denver time' });
  });

  it("shows the leave-by time on the viewer's clock, labelled beside a Denver time", () => {
    expect(clockText(leave, LA, { now, viewerTz: LA, pairedWith: DENVER }).text).toBe(
      '3:18 PM Los Angeles time',
    );
    // With no other zone around, the viewer's own time needs no label.
    expect(clockText(leave, LA, { now, viewerTz: LA }).text).toBe('3:18 PM');
    expect(clockText(leave, null, { now, viewerTz: LA }).text).toBe('3:18 PM');
  });

  it('never labels when viewer and destination share the zone', () => {
    const t = clockText(arrive, DENVER, { now, viewerTz: 'US/Mountain', pairedWith: DENVER });
    expect(t).toEqual({ time: '5:30 PM', zone: null, text: '5:30 PM' });
  });

  it('adds the date when the time falls on another day in the zone shown', () => {
    // 00:30Z is still the 23rd in Seattle but the 24th in Berlin.
    expect(clockText(arrive, 'Europe/Berlin', { now, viewerTz: LA }).text).toBe(
      'Tue, Nov 24, 1:30 AM Berlin time',
    );
  });
});

describe('clockText on daylight-saving change days', () => {
  it('spring forward: Denver has moved (UTC−6), Seattle not yet (UTC−8)', () => {
    // Sun Mar 8 2026: Denver jumps at 09:00Z, Los Angeles at 10:00Z.
    const now = new Date('2026-03-08T07:00:00Z');
    const arrive = new Date('2026-03-08T09:30:00Z');
    expect(clockText(arrive, DENVER, { now, viewerTz: LA }).text).toBe('3:30 AM Denver time');
    const leave = leaveBy(arrive, 90 * 60); // 08:00Z, before Denver's jump
    expect(clockText(leave, DENVER, { now, viewerTz: DENVER }).text).toBe('1:00 AM');
    // Midnight in Los Angeles: a new day there (now is still Sat 11 PM), so the date shows.
    expect(clockText(leave, LA, { now, viewerTz: LA, pairedWith: DENVER }).text).toBe(
      'Sun, Mar 8, 12:00 AM Los Angeles time',
    );
  });

  it('fall back: the repeated hour reads the same wall time for two instants', () => {
    // Sun Nov 1 2026: Los Angeles goes back at 09:00Z (2:00 PDT → 1:00 PST).
    const now = new Date('2026-11-01T07:00:00Z');
    const first = new Date('2026-11-01T08:30:00Z');
    const second = new Date('2026-11-01T09:30:00Z');
    expect(clockText(first, LA, { now, viewerTz: LA }).text).toBe('1:30 AM');
    expect(clockText(second, LA, { now, viewerTz: LA }).text).toBe('1:30 AM');
    // Denver (already back at 08:00Z) is an hour ahead of Los Angeles for the first, then too.
    expect(clockText(first, DENVER, { now, viewerTz: LA }).text).toBe('1:30 AM Denver time');
    expect(clockText(second, DENVER, { now, viewerTz: LA }).text).toBe('2:30 AM Denver time');
  });

  it('a zone without daylight saving differs from its neighbour only in summer', () => {
    const winter = new Date('2026-01-15T20:00:00Z');
    const summer = new Date('2026-07-15T20:00:00Z');
    const phoenix = { viewerTz: 'America/Phoenix' };
    expect(clockText(winter, DENVER, { now: winter, ...phoenix }).time).toBe(
      clockText(winter, 'America/Phoenix', { now: winter, ...phoenix }).time,
    );
    expect(clockText(summer, DENVER, { now: summer, ...phoenix }).text).toBe('2:00 PM Denver time');
    expect(clockText(summer, 'America/Phoenix', { now: summer, ...phoenix }).text).toBe('1:00 PM');
  });
});
