import { MESSAGES, SESSION_MESSAGES, type Destination } from '@oneeta/contracts';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../api/client';
import type { Draft } from './draft';
import {
  arrivalBounds,
  checkSave,
  earliestFix,
  earliestFrom,
  saveErrorOf,
  suggestedArrival,
  type LimitsView,
  type SaveCheckInput,
} from './save-rules';

const park: Destination = {
  id: 'poi-1',
  name: 'Park',
  address: '',
  position: { lat: 52.52, lon: 13.4 },
};
const draft: Draft = {
  destination: park,
  tzId: 'Europe/Berlin',
  dateStr: '2026-07-01',
  timeStr: '20:00',
};
const standard: LimitsView = {
  plan: 'standard',
  limits: {
    canCreateSessions: true,
    maxOwnOpenSessions: null,
    maxInvitesPerSession: 5,
    canEditSavedSession: true,
  },
  usage: { ownedOpen: 2 },
};
const free: LimitsView = {
  plan: 'free',
  limits: {
    canCreateSessions: true,
    maxOwnOpenSessions: 1,
    maxInvitesPerSession: 3,
    canEditSavedSession: false,
  },
  usage: { ownedOpen: 0 },
};
const input: SaveCheckInput = {
  signedIn: true,
  isNew: true,
  draft,
  earliest: null,
  limits: standard,
  invitedCount: 0,
};

describe('checkSave', () => {
  it('accepts a complete draft and gives the arrival instant', () => {
    const result = checkSave(input);
    expect(result).toEqual({ ok: true, arriveAt: new Date('2026-07-01T18:00:00.000Z') });
  });

  it('needs sign-in first', () => {
    expect(checkSave({ ...input, signedIn: false })).toMatchObject({
      ok: false,
      message: MESSAGES.signInToSave,
    });
  });

  it('needs a destination confirmed from a search result, then date and time', () => {
    expect(checkSave({ ...input, draft: { ...draft, destination: null } })).toMatchObject({
      rule: 'destination',
      message: SESSION_MESSAGES.destinationRequired,
    });
    expect(checkSave({ ...input, draft: { ...draft, timeStr: '' } })).toMatchObject({
      rule: 'datetime',
      message: SESSION_MESSAGES.dateTimeRequired,
    });
  });

  it("refuses a time before the earliest meeting minute with 'Selected time is too early'", () => {
    const earliest = new Date('2026-07-01T18:01:30.000Z');
    expect(checkSave({ ...input, earliest })).toEqual({
      ok: false,
      rule: 'too-early',
      message: 'Selected time is too early',
      earliest,
    });
    // Within the earliest minute is fine.
    expect(checkSave({ ...input, earliest: new Date('2026-07-01T18:00:59.000Z') }).ok).toBe(true);
  });

  it('picks the quota message by what is used up', () => {
    const full = {
      ...free,
      limits: { ...free.limits, canCreateSessions: false },
      usage: { ownedOpen: 1 },
    };
    expect(checkSave({ ...input, limits: full })).toMatchObject({
      rule: 'quota',
      message: MESSAGES.sessionLimitReached,
    });
    const joined = {
      ...free,
      limits: { ...free.limits, canCreateSessions: false },
      usage: { ownedOpen: 0 },
    };
    expect(checkSave({ ...input, limits: joined })).toMatchObject({
      message: MESSAGES.noRemainingSessions,
    });
  });

  it('allows a free account at most 3 invited participants', () => {
    expect(checkSave({ ...input, limits: free, invitedCount: 3 }).ok).toBe(true);
    expect(checkSave({ ...input, limits: free, invitedCount: 4 })).toMatchObject({
      rule: 'invites',
      message: 'Free accounts may invite up to 3 participants. Remove some invites to save.',
    });
    expect(checkSave({ ...input, limits: standard, invitedCount: 4 }).ok).toBe(true);
  });

  it('refuses edits of a saved session on the free plan', () => {
    expect(checkSave({ ...input, isNew: false, limits: free })).toMatchObject({
      rule: 'edit',
      message: SESSION_MESSAGES.freePlanNoEdits,
    });
  });

  it('leaves quota rules to the server when the limits are unknown', () => {
    expect(checkSave({ ...input, limits: undefined, invitedCount: 10 }).ok).toBe(true);
  });
});

describe('saveErrorOf', () => {
  const refused = (status: number, body?: object, code?: string) =>
    new ApiError(
      (body as { error?: string } | undefined)?.error ?? 'Something went wrong',
      status,
      code,
      body,
    );

  it('says the session expired on 401', () => {
    expect(
      saveErrorOf(refused(401, { error: 'Please sign in to save this session.' })).message,
    ).toBe('Your session expired. Please sign in again.');
  });

  it("shows the server's 403 text, else 'Action not permitted.'", () => {
    expect(saveErrorOf(refused(403, { error: MESSAGES.freeInviteLimit })).message).toBe(
      MESSAGES.freeInviteLimit,
    );
    expect(saveErrorOf(refused(403)).message).toBe('Action not permitted.');
  });

  it('carries the earliest arrival of a too_early refusal', () => {
    const error = refused(
      400,
      {
        error: 'Selected time is too early',
        code: 'too_early',
        earliestArrival: '2026-07-01T18:05:00.000Z',
      },
      'too_early',
    );
    expect(saveErrorOf(error)).toEqual({
      message: 'Selected time is too early',
      earliest: new Date('2026-07-01T18:05:00.000Z'),
    });
  });
});

describe('arrival helpers', () => {
  const now = new Date('2026-07-01T17:00:00.000Z');

  it('finds the earliest meeting time from the longest known travel time', () => {
    expect(earliestFrom([600, null, 1200], now)?.toISOString()).toBe('2026-07-01T17:20:00.000Z');
    expect(earliestFrom([null, undefined], now)).toBeNull();
  });

  it('suggests earliest + 5 minutes in the destination zone', () => {
    expect(suggestedArrival(new Date('2026-07-01T17:20:10.000Z'), now, 'Europe/Berlin')).toEqual({
      dateStr: '2026-07-01',
      timeStr: '19:26',
    });
    expect(suggestedArrival(null, now, 'Europe/Berlin')).toEqual({
      dateStr: '2026-07-01',
      timeStr: '19:05',
    });
  });

  it("'Use earliest time' rounds the earliest time up to a whole minute", () => {
    expect(earliestFix(new Date('2026-07-01T17:20:10.000Z'), 'Europe/Berlin')).toEqual({
      dateStr: '2026-07-01',
      timeStr: '19:21',
    });
  });

  it('bounds the date by the earliest date and the time only on that date', () => {
    const earliest = new Date('2026-07-01T22:30:00.000Z'); // 00:30 on 2 July in Berlin
    expect(arrivalBounds(earliest, 'Europe/Berlin', '2026-07-02')).toEqual({
      minDate: '2026-07-02',
      minTime: '00:30',
    });
    expect(arrivalBounds(earliest, 'Europe/Berlin', '2026-07-03')).toEqual({
      minDate: '2026-07-02',
      minTime: undefined,
    });
    expect(arrivalBounds(null, 'Europe/Berlin', '2026-07-03')).toEqual({
      minDate: undefined,
      minTime: undefined,
    });
  });
});
