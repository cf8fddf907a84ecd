import { describe, expect, it } from 'vitest';
import { DEFAULT_NOTIFICATION_PREFERENCES, type SessionAlertData } from '@oneeta/contracts';
import { formatWholeMinutes } from '@oneeta/travel';
import { alertNotice, alertSentKey, alertText, channelsFor } from './alerts.js';

const NOW = new Date('2026-11-25T17:00:00.000Z');
const base = {
  sessionId: 'abc2345',
  destinationName: 'Pike Place Market',
  tzId: 'America/Los_Angeles',
  arriveAt: '2026-11-25T18:00:00.000Z',
  recipients: ['u1', 'u2'],
};
const offer: SessionAlertData = {
  ...base,
  kind: 'replan-offer',
  suggestedArriveAt: '2026-11-25T18:12:00.000Z',
  participantIds: ['user:u3'],
  names: ['Ann'],
  canReplan: true,
};

describe('alertText', () => {
  it("says who is running how late, the duration as every page writes it: '{name} is running {duration} late'", () => {
    const late: SessionAlertData = {
      ...base,
      kind: 'late',
      participantId: 'user:u3',
      name: 'Ann',
      minutesLate: 7,
      eta: '2026-11-25T18:07:00.000Z',
    };
    expect(alertText(late, 'u1', NOW)).toBe('Ann is running 7 min late');
    // The shared formatter (the cards' '… h … min late'), never '2521 min'.
    expect(alertText({ ...late, name: 'Ben', minutesLate: 2521 }, 'u1', NOW)).toBe(
      `Ben is running ${formatWholeMinutes(2521)} late`,
    );
    expect(alertText({ ...late, name: 'Ben', minutesLate: 2521 }, 'u1', NOW)).not.toContain('2521');
  });

  it("offers the new time on the destination's clock with its zone: 'Move arrival to {time}?'", () => {
    expect(alertText(offer, 'u1', NOW)).toBe('Move arrival to 10:12 AM Los Angeles time?');
    expect(alertText({ ...offer, tzId: null }, 'u1', NOW)).toBe('Move arrival to 6:12 PM UTC?');
  });

  it('tells an owner whose plan cannot move the time who is late and the time that would work, and the way up', () => {
    const upgrade: SessionAlertData = { ...offer, canReplan: false, names: ['Ann', 'Bo'] };
    expect(alertText(upgrade, 'u1', NOW)).toBe(
      'Running late: Ann, Bo. 10:12 AM Los Angeles time would work; upgrade to move the arrival time',
    );
    expect(alertNotice(upgrade, 'u1', NOW)).toEqual(
      expect.objectContaining({
        url: '/plans',
        details: { participantIds: ['user:u3'], names: ['Ann', 'Bo'], canReplan: false },
      }),
    );
  });

  it('names who is far behind instead of offering a time more than 3 hours later', () => {
    const far: SessionAlertData = {
      ...base,
      kind: 'far-behind',
      participantIds: ['user:u3'],
      names: ['Ben'],
      suggestedArriveAt: '2026-11-27T12:00:00.000Z',
    };
    expect(alertText(far, 'u1', NOW)).toBe('Far behind: Ben. Remove them or message them');
    expect(alertNotice(far, 'u1', NOW)).toEqual(
      expect.objectContaining({
        suggestedArriveAt: null,
        url: '/s/abc2345',
        condition: { about: ['user:u3'], arriveAt: base.arriveAt, leaveBy: null },
      }),
    );
  });

  it('tells each recipient of a re-plan their own leave-by time, or just the arrival while theirs is unknown', () => {
    const replanned: SessionAlertData = {
      ...base,
      kind: 'replanned',
      arriveAt: '2026-11-25T18:15:00.000Z',
      recipients: ['u1', 'u2', 'u3'],
      leaveBy: [
        { userId: 'u1', leaveBy: '2026-11-25T17:40:00.000Z' },
        { userId: 'u2', leaveBy: null },
      ],
    };
    expect(alertText(replanned, 'u1', NOW)).toBe(
      'New arrival 10:15 AM Los Angeles time: leave by 9:40 AM Los Angeles time',
    );
    expect(alertText(replanned, 'u2', NOW)).toBe('New arrival 10:15 AM Los Angeles time');
    expect(alertText(replanned, 'u3', NOW)).toBe('New arrival 10:15 AM Los Angeles time');
    expect(alertText({ ...replanned, arriveAt: null }, 'u1', NOW)).toBeNull();
    // Someone already at the destination (leave-by = the arrival time) gets the new time only.
    expect(
      alertText(
        { ...replanned, leaveBy: [{ userId: 'u1', leaveBy: replanned.arriveAt }] },
        'u1',
        NOW,
      ),
    ).toBe('New arrival 10:15 AM Los Angeles time');
  });

  it("names who arrived, and who has not arrived yet joined with ', '", () => {
    expect(
      alertText(
        {
          ...base,
          kind: 'arrived',
          participantId: 'user:u3',
          name: 'Ann',
          arrivedAt: '2026-11-25T17:58:00.000Z',
        },
        'u1',
        NOW,
      ),
    ).toBe('Ann arrived');
    expect(
      alertText(
        { ...base, kind: 'no-show', names: ['Ann', 'Bo', 'Cy'], participantIds: [] },
        'u1',
        NOW,
      ),
    ).toBe('Not arrived yet: Ann, Bo, Cy');
  });
});

describe('alertNotice', () => {
  it('leads to the session page and carries the suggested time of a re-plan offer only', () => {
    expect(alertNotice(offer, 'u1', NOW)).toEqual({
      kind: 'replan-offer',
      text: 'Move arrival to 10:12 AM Los Angeles time?',
      url: '/s/abc2345',
      suggestedArriveAt: '2026-11-25T18:12:00.000Z',
      condition: { about: ['user:u3'], arriveAt: base.arriveAt, leaveBy: null },
      details: { participantIds: ['user:u3'], names: ['Ann'], canReplan: true },
    });
    expect(
      alertNotice(
        { ...base, kind: 'no-show', names: ['Ann'], participantIds: ['user:ann'] },
        'u1',
        NOW,
      )?.suggestedArriveAt,
    ).toBeNull();
  });
  it('keys a delivery by event and recipient', () => {
    expect(alertSentKey('e1', 'u1')).not.toBe(alertSentKey('e1', 'u2'));
    expect(alertSentKey('e1', 'u1')).toBe(alertSentKey('e1', 'u1'));
  });
});

describe('channelsFor', () => {
  const prefs = {
    ...DEFAULT_NOTIFICATION_PREFERENCES,
    late: { push: false, inApp: true },
    arrived: { push: true, inApp: false },
  };
  it("takes the switches of the notification's topic", () => {
    expect(channelsFor('late', prefs, false)).toEqual({ push: false, inApp: true });
    expect(channelsFor('replan-offer', prefs, false)).toEqual({ push: false, inApp: true });
    expect(channelsFor('no-show', prefs, false)).toEqual({ push: false, inApp: true });
    expect(channelsFor('arrived', prefs, false)).toEqual({ push: true, inApp: false });
    expect(channelsFor('replanned', prefs, false)).toEqual({ push: true, inApp: true });
    expect(channelsFor('leave-now', prefs, false)).toEqual({ push: true, inApp: true });
  });
  it('sends nothing in a muted session', () => {
    expect(channelsFor('leave-soon', DEFAULT_NOTIFICATION_PREFERENCES, true)).toEqual({
      push: false,
      inApp: false,
    });
  });
});
