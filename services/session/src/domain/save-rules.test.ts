import { describe, expect, it } from 'vitest';
import { MESSAGES, SESSION_MESSAGES, type Destination } from '@oneeta/contracts';
import {
  editRefusal,
  inputRefusal,
  quotaRefusal,
  roomRefusal,
  sameDestination,
} from './save-rules.js';

const place: Destination = {
  id: 'p1',
  name: 'Park',
  address: '',
  position: { lat: 47.6, lon: -122.3 },
};
const earliest = new Date('2030-01-01T18:02:30Z');

describe('inputRefusal', () => {
  it('requires a confirmed destination, then a date and time', () => {
    expect(
      inputRefusal({ destination: null, arriveAt: '2030-01-01T19:00:00Z' }, null),
    ).toMatchObject({
      status: 400,
      error: SESSION_MESSAGES.destinationRequired,
      code: 'destination_required',
    });
    expect(inputRefusal({ destination: { ...place, id: '' }, arriveAt: null }, null)?.code).toBe(
      'destination_required',
    );
    expect(inputRefusal({ destination: place, arriveAt: null }, null)).toMatchObject({
      status: 400,
      error: SESSION_MESSAGES.dateTimeRequired,
      code: 'datetime_required',
    });
  });

  it("refuses an arrival before the earliest meeting minute with 'Selected time is too early'", () => {
    expect(
      inputRefusal({ destination: place, arriveAt: '2030-01-01T18:01:00Z' }, earliest),
    ).toEqual({
      status: 400,
      error: MESSAGES.selectedTimeTooEarly,
      code: 'too_early',
      earliestArrival: '2030-01-01T18:02:30.000Z',
    });
    expect(
      inputRefusal({ destination: place, arriveAt: '2030-01-01T18:02:00Z' }, earliest),
    ).toBeNull();
    expect(inputRefusal({ destination: place, arriveAt: '2000-01-01T00:00:00Z' }, null)).toBeNull();
  });
});

describe('quotaRefusal', () => {
  it('tells a free user with an open session that the session limit is reached', () => {
    expect(quotaRefusal('free', { ownedOpen: 1, joinedOpen: 0 })).toEqual({
      status: 403,
      error: MESSAGES.sessionLimitReached,
      code: 'session_limit',
    });
  });

  it('tells a free user blocked by a joined session that no sessions remain', () => {
    expect(quotaRefusal('free', { ownedOpen: 0, joinedOpen: 1 })).toEqual({
      status: 403,
      error: MESSAGES.noRemainingSessions,
      code: 'no_remaining_sessions',
    });
  });

  it('lets paid plans create however many sessions they own or joined', () => {
    for (const plan of ['standard', 'premium', 'enterprise'] as const)
      expect(quotaRefusal(plan, { ownedOpen: 40, joinedOpen: 40 })).toBeNull();
    expect(quotaRefusal('free', { ownedOpen: 0, joinedOpen: 0 })).toBeNull();
  });
});

describe('editRefusal and roomRefusal', () => {
  it('blocks edits on the free plan only', () => {
    expect(editRefusal('free')).toMatchObject({
      status: 403,
      error: SESSION_MESSAGES.freePlanNoEdits,
    });
    expect(editRefusal('standard')).toBeNull();
  });

  it('allows 3 participants plus pending invites on the free plan, not 4', () => {
    expect(roomRefusal('free', 2, 1)).toBeNull();
    expect(roomRefusal('free', 2, 2)).toEqual({
      status: 403,
      error: MESSAGES.freeInviteLimit,
      code: 'invite_limit',
    });
  });

  it('uses the participant limit of paid plans (standard 5, premium 12)', () => {
    expect(roomRefusal('standard', 5, 0)).toBeNull();
    expect(roomRefusal('standard', 5, 1)).toMatchObject({
      code: 'participant_limit',
      error: SESSION_MESSAGES.participantLimit,
    });
    expect(roomRefusal('premium', 12, 0)).toBeNull();
  });
});

describe('sameDestination', () => {
  it('compares the place id and the position to 6 decimals', () => {
    const moved = (dlat: number) => ({
      ...place,
      position: { lat: place.position.lat + dlat, lon: place.position.lon },
    });
    expect(sameDestination(place, moved(0.0000001))).toBe(true);
    expect(sameDestination(place, moved(0.00001))).toBe(false);
    expect(sameDestination(place, { ...place, id: 'p2' })).toBe(false);
    expect(sameDestination(place, null)).toBe(false);
  });
});
