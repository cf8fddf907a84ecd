import { describe, expect, it } from 'vitest';
import {
  addPick,
  candidateInputs,
  candidateLimitText,
  isPlanLimitText,
  everyoneByText,
  leftOutText,
  meetEarliest,
  nextVote,
  orderTravel,
  removePick,
  shownCandidates,
  samePlace,
  spreadText,
  travelRows,
  voteView,
} from './suggest-logic';

const trip = (participantId: string, name: string, minutes: number | null) => ({
  participantId,
  name,
  travelTimeSeconds: minutes === null ? null : minutes * 60,
});

describe('orderTravel and travelRows', () => {
  const travel = [
    trip('a', 'Ada', 25),
    trip('me', 'Sam', 40),
    trip('b', 'Ben', null),
    trip('c', 'Cy', 12),
  ];

  it("puts the viewer's own trip first, then the others from the shortest, no route last", () => {
    expect(orderTravel(travel, 'me').map((t) => t.participantId)).toEqual(['me', 'c', 'a', 'b']);
  });

  it('without a viewer row, simply from the shortest', () => {
    expect(orderTravel(travel, null).map((t) => t.participantId)).toEqual(['c', 'a', 'me', 'b']);
  });

  it("names the viewer 'You', shows whole minutes and 'no route'", () => {
    expect(travelRows(travel, 'me')).toEqual([
      { key: 'me', who: 'You', time: '40 min', mine: true },
      { key: 'c', who: 'Cy', time: '12 min', mine: false },
      { key: 'a', who: 'Ada', time: '25 min', mine: false },
      { key: 'b', who: 'Ben', time: 'no route', mine: false },
    ]);
  });

  it('uses the one duration text from an hour', () => {
    expect(travelRows([trip('a', 'Ada', 95)], null)[0]!.time).toBe('1 h 35 min');
  });
});

describe('everyoneByText', () => {
  // 1:00 PM in Seattle.
  const now = new Date('2026-11-23T21:00:00Z');
  const at = '2026-11-24T02:40:00Z'; // 6:40 PM Seattle, 7:40 PM Denver

  it('shows the time alone in the viewer’s own zone', () => {
    expect(
      everyoneByText(at, 'America/Los_Angeles', { now, viewerTz: 'America/Los_Angeles' }),
    ).toBe('Everyone there by 6:40 PM');
  });

  it('labels the zone when it is not the viewer’s', () => {
    expect(everyoneByText(at, 'America/Denver', { now, viewerTz: 'America/Los_Angeles' })).toBe(
      'Everyone there by 7:40 PM Denver time',
    );
  });

  it('is null without a valid time', () => {
    expect(everyoneByText(null, 'UTC', { now, viewerTz: 'UTC' })).toBeNull();
    expect(everyoneByText('soon', 'UTC', { now, viewerTz: 'UTC' })).toBeNull();
  });
});

describe('spread and left out', () => {
  it('spread in whole minutes, null when unknown', () => {
    expect(spreadText(14 * 60)).toBe('Spread 14 min');
    expect(spreadText(0)).toBe('Spread 0 min');
    expect(spreadText(null)).toBeNull();
    expect(spreadText(-1)).toBeNull();
  });

  it('names who was left out', () => {
    expect(leftOutText(['Ada', 'Ben'])).toBe('Not counted (no location yet): Ada, Ben');
    expect(leftOutText([])).toBeNull();
  });
});

describe('shownCandidates', () => {
  const ten = Array.from({ length: 10 }, (_, i) => i);
  it('shows the fairest five and counts the rest, or all on request', () => {
    expect(shownCandidates(ten, false)).toEqual({ shown: [0, 1, 2, 3, 4], more: 5 });
    expect(shownCandidates(ten, true)).toEqual({ shown: ten, more: 0 });
    expect(shownCandidates([0, 1, 2], false)).toEqual({ shown: [0, 1, 2], more: 0 });
  });
});

describe('voteView and nextVote', () => {
  const base = { candidate: 1, myVote: null, member: true };

  it('the owner sees the count (once there is one) and has no button', () => {
    expect(voteView({ ...base, count: 2, isOwner: true })).toEqual({
      countText: '2 thumbs up',
      pressed: false,
      canVote: false,
    });
    expect(voteView({ ...base, count: 0, isOwner: true }).countText).toBeNull();
  });

  it('a member sees their own vote, not the count', () => {
    expect(voteView({ ...base, count: 3, isOwner: false, myVote: 1 })).toEqual({
      countText: null,
      pressed: true,
      canVote: true,
    });
    expect(voteView({ ...base, count: 3, isOwner: false, myVote: 0 }).pressed).toBe(false);
  });

  it('someone who is not a member (a guest) cannot vote', () => {
    expect(voteView({ ...base, count: 0, isOwner: false, member: false }).canVote).toBe(false);
  });

  it('a second press on the same place takes the vote back; another place moves it', () => {
    expect(nextVote(null, 1)).toBe(1);
    expect(nextVote(1, 1)).toBeNull();
    expect(nextVote(1, 0)).toBe(0);
  });
});

describe("the owner's list of places", () => {
  const place = (id: string, lat: number, lon: number, name = id) => ({
    id,
    name,
    address: '',
    position: { lat, lon },
  });

  it('adds up to the plan’s limit, then says so in the server’s words', () => {
    let list = [place('a', 1, 1)];
    const added = addPick(list, place('b', 2, 2), { max: 2, plan: 'premium' });
    expect(added.ok).toBe(true);
    list = added.list;
    expect(addPick(list, place('c', 3, 3), { max: 2, plan: 'premium' })).toEqual({
      ok: false,
      list,
      message: 'Your plan can compare up to 2 places at a time',
    });
    expect(addPick(list, place('c', 3, 3), { max: 2, plan: 'free' })).toMatchObject({
      ok: false,
      message: 'Free plan can compare up to 2 places. Upgrade to compare more.',
    });
  });

  it('refuses the same place twice: by id, or a pin at the same point', () => {
    const list = [place('a', 47.1234561, -122.1, 'Park')];
    expect(addPick(list, place('a', 0, 0, 'Park'), { max: 5, plan: 'free' })).toMatchObject({
      ok: false,
      message: 'Park is already on the list.',
    });
    expect(samePlace(list[0]!, place('pin', 47.1234564, -122.1))).toBe(true);
    expect(samePlace(list[0]!, place('pin', 47.123458, -122.1))).toBe(false);
  });

  it('removes by id', () => {
    expect(removePick([place('a', 1, 1), place('b', 2, 2)], 'a').map((p) => p.id)).toEqual(['b']);
  });
});

describe('meetEarliest', () => {
  const now = new Date('2026-01-01T12:00:00Z');
  it('is now plus the longest known trip', () => {
    expect(
      meetEarliest([trip('a', 'A', 10), trip('b', 'B', 30), trip('c', 'C', null)], now),
    ).toEqual(new Date('2026-01-01T12:30:00Z'));
  });
  it('is null when no trip is known', () => {
    expect(meetEarliest([trip('a', 'A', null)], now)).toBeNull();
  });
});

describe('what the request carries', () => {
  it('a search result with its id and address, a pin by its name and point only', () => {
    expect(
      candidateInputs([
        {
          id: 'osm:1',
          name: 'Kirkland',
          address: 'Kirkland, WA',
          position: { lat: 47.68, lon: -122.2 },
        },
        {
          id: 'pin:47.6,-122.3',
          name: 'Selected place',
          address: '',
          position: { lat: 47.6, lon: -122.3 },
        },
      ]),
    ).toEqual([
      {
        id: 'osm:1',
        name: 'Kirkland',
        address: 'Kirkland, WA',
        position: { lat: 47.68, lon: -122.2 },
      },
      { name: 'Selected place', position: { lat: 47.6, lon: -122.3 } },
    ]);
  });

  it('knows the plan-limit refusals in the server’s words, whatever the number', () => {
    expect(isPlanLimitText(candidateLimitText('free', 3))).toBe(true);
    expect(isPlanLimitText(candidateLimitText('standard', 10))).toBe(true);
    expect(isPlanLimitText('Choose at least one place')).toBe(false);
    expect(
      isPlanLimitText('Free plan can compare up to many places. Upgrade to compare more.'),
    ).toBe(false);
  });
});
