import { describe, expect, it } from 'vitest';
import { rankPlaces } from './place-ranking.js';

const NOW = new Date('2026-11-21T18:00:00.000Z');
const people = [
  { participantId: 'a', name: 'Ana' },
  { participantId: 'b', name: 'Ben' },
  { participantId: 'c', name: 'Cy' },
];
const places = ['Pier', 'Park', 'Plaza', 'Depot'];
const order = (r: ReturnType<typeof rankPlaces<string>>) => r.ranked.map((p) => p.candidate);

describe('rankPlaces', () => {
  it('ranks by when everyone can be there: now + the longest trip, to the minute', () => {
    const r = rankPlaces({
      now: NOW,
      participants: people,
      candidates: places.slice(0, 3),
      travel: { a: [600, 1200, 300], b: [900, 300, 2400], c: [1500, 900, 600] },
    });
    // Longest trips: Pier 1500 s, Park 1200 s, Plaza 2400 s.
    expect(order(r)).toEqual(['Park', 'Pier', 'Plaza']);
    const park = r.ranked[0]!;
    expect(park.everyoneBy?.toISOString()).toBe('2026-11-21T18:20:00.000Z');
    expect(park).toMatchObject({
      index: 1,
      rank: 1,
      longestSeconds: 1200,
      spreadSeconds: 900,
      totalSeconds: 2400,
      unreachableBy: [],
    });
    expect(park.travel).toEqual([
      { participantId: 'a', travelTimeSeconds: 1200 },
      { participantId: 'b', travelTimeSeconds: 300 },
      { participantId: 'c', travelTimeSeconds: 900 },
    ]);
    expect(r.leftOut).toEqual([]);
  });

  it('breaks a tie on the minute by spread, then by total travel, then by the given order', () => {
    const r = rankPlaces({
      now: NOW,
      participants: people,
      candidates: places,
      travel: {
        // Every place: everyone there by 18:20 (longest trip 19–20 minutes).
        a: [1200, 1200, 1190, 1200],
        b: [300, 1000, 1000, 1000],
        c: [600, 1100, 1200, 1100],
      },
    });
    expect(r.ranked.map((p) => p.everyoneBy?.toISOString())).toEqual(
      Array(4).fill('2026-11-21T18:20:00.000Z'),
    );
    // Spreads: Pier 900, Park 200, Plaza 200, Depot 200; totals: Park 3300, Plaza 3390, Depot 3300.
    expect(order(r)).toEqual(['Park', 'Depot', 'Plaza', 'Pier']);
  });

  it('puts a place someone cannot reach after every place all can reach, however quick', () => {
    const r = rankPlaces({
      now: NOW,
      participants: people,
      candidates: places,
      travel: {
        a: [60, 3000, null, 60],
        b: [null, 3600, null, 60],
        c: [60, 3500, 60, 60],
      },
    });
    expect(order(r)).toEqual(['Depot', 'Park', 'Pier', 'Plaza']);
    const pier = r.ranked.find((p) => p.candidate === 'Pier')!;
    expect(pier).toMatchObject({ everyoneBy: null, unreachableBy: ['b'], longestSeconds: 60 });
    // Two people cut off ranks after one.
    expect(r.ranked.at(-1)).toMatchObject({ candidate: 'Plaza', unreachableBy: ['a', 'b'] });
  });

  it('leaves out and names a participant with no position, counting only the others', () => {
    const r = rankPlaces({
      now: NOW,
      participants: people,
      candidates: places.slice(0, 2),
      // Cy has no position, so no row: their (would-be) long trips change nothing.
      travel: { a: [600, 900], b: [1800, 900] },
    });
    expect(r.leftOut).toEqual([{ participantId: 'c', name: 'Cy' }]);
    expect(order(r)).toEqual(['Park', 'Pier']);
    expect(r.ranked[0]!.travel.map((t) => t.participantId)).toEqual(['a', 'b']);
    expect(r.ranked[0]!.spreadSeconds).toBe(0);
  });

  it('rounds everyoneBy up to the minute from a time within a minute', () => {
    const r = rankPlaces({
      now: new Date('2026-11-21T18:00:30.000Z'),
      participants: people.slice(0, 1),
      candidates: ['Pier'],
      travel: { a: [45] },
    });
    expect(r.ranked[0]!.everyoneBy?.toISOString()).toBe('2026-11-21T18:02:00.000Z');
  });

  it('refuses a negative travel time', () => {
    expect(() =>
      rankPlaces({
        now: NOW,
        participants: people.slice(0, 1),
        candidates: ['x'],
        travel: { a: [-1] },
      }),
    ).toThrow(RangeError);
  });
});
