import { describe, expect, it } from 'vitest';
import { DEFAULT_NOTIFICATION_PREFERENCES, type SessionAlertData } from '@oneeta/contracts';
import { alertNotice, alertSentKey, alertText, channelsFor } from './alerts.js';

const NOW = new Date('2026-11-25T17:00:00.000Z');
const base = { sessionId: 'abc2345', destinationName: 'Pike Place Market', tzId: 'America/Los_Angeles', arriveAt: '2026-11-25T18:00:00.000Z', recipients: ['u1', 'u2'] };

describe('alertText', () => {
  it("says who is running how late: '{name} is running {minutes} min late'", () => {
    const late: SessionAlertData = { ...base, kind: 'late', participantId: 'user:u3', name: 'Ann', minutesLate: 7, eta: '2026-11-25T18:07:00.000Z' };
    expect(alertText(late, 'u1', NOW)).toBe('Ann is running 7 min late');
  });

  it("offers the new time on the destination's clock with its zone: 'Move arrival to {time}?'", () => {
    const offer: SessionAlertData = { ...base, kind: 'replan-offer', suggestedArriveAt: '2026-11-25T18:12:00.000Z' };
    expect(alertText(offer, 'u1', NOW)).toBe('Move arrival to 10:12 AM Los Angeles time?');
    expect(alertText({ ...offer, tzId: null }, 'u1', NOW)).toBe('Move arrival to 6:12 PM UTC?');
  });

  it("tells each recipient of a re-plan their own leave-by time, or just the arrival while theirs is unknown", () => {
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
    expect(alertText(replanned, 'u1', NOW)).toBe('New arrival 10:15 AM Los Angeles time: leave by 9:40 AM Los Angeles time');
    expect(alertText(replanned, 'u2', NOW)).toBe('New arrival 10:15 AM Los Angeles time');
    expect(alertText(replanned, 'u3', NOW)).toBe('New arrival 10:15 AM Los Angeles time');
    expect(alertText({ ...replanned, arriveAt: null }, 'u1', NOW)).toBeNull();
  });

  it("names who arrived, and who has not arrived yet joined with ', '", () => {
    expect(alertText({ ...base, kind: 'arrived', participantId: 'user:u3', name: 'Ann', arrivedAt: '2026-11-25T17:58:00.000Z' }, 'u1', NOW)).toBe('Ann arrived');
    expect(alertText({ ...base, kind: 'no-show', names: ['Ann', 'Bo', 'Cy'] }, 'u1', NOW)).toBe('Not arrived yet: Ann, Bo, Cy');
  });
});

describe('alertNotice', () => {
  it("leads to the session page and carries the suggested time of a re-plan offer only", () => {
    const offer: SessionAlertData = { ...base, kind: 'replan-offer', suggestedArriveAt: '2026-11-25T18:12:00.000Z' };
    expect(alertNotice(offer, 'u1', NOW)).toEqual({ kind: 'replan-offer', text: 'Move arrival to 10:12 AM Los Angeles time?', url: '/s/abc2345', suggestedArriveAt: '2026-11-25T18:12:00.000Z' });
    expect(alertNotice({ ...base, kind: 'no-show', names: ['Ann'] }, 'u1', NOW)?.suggestedArriveAt).toBeNull();
  });
  it('keys a delivery by event and recipient', () => {
    expect(alertSentKey('e1', 'u1')).not.toBe(alertSentKey('e1', 'u2'));
    expect(alertSentKey('e1', 'u1')).toBe(alertSentKey('e1', 'u1'));
  });
});

describe('channelsFor', () => {
  const prefs = { ...DEFAULT_NOTIFICATION_PREFERENCES, late: { push: false, inApp: true }, arrived: { push: true, inApp: false } };
  it("takes the switches of the notification's topic", () => {
    expect(channelsFor('late', prefs, false)).toEqual({ push: false, inApp: true });
    expect(channelsFor('replan-offer', prefs, false)).toEqual({ push: false, inApp: true });
    expect(channelsFor('no-show', prefs, false)).toEqual({ push: false, inApp: true });
    expect(channelsFor('arrived', prefs, false)).toEqual({ push: true, inApp: false });
    expect(channelsFor('replanned', prefs, false)).toEqual({ push: true, inApp: true });
    expect(channelsFor('leave-now', prefs, false)).toEqual({ push: true, inApp: true });
  });
  it('sends nothing in a muted session', () => {
    expect(channelsFor('leave-soon', DEFAULT_NOTIFICATION_PREFERENCES, true)).toEqual({ push: false, inApp: false });
  });
});
