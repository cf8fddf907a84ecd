import type { InAppNotification } from '@oneeta/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import {
  bannersFor,
  isUrgent,
  supersededIds,
  replanOfferOf,
  sessionOfPath,
  toastsFor,
  type ShownAs,
} from './inbox-logic';
import { getShown, markShown, resetShown } from './inbox-store';

const note = (id: string, over: Partial<InAppNotification> = {}): InAppNotification => ({
  id,
  kind: 'leave-now',
  sessionId: 'sess-a',
  text: `Text ${id}`,
  url: '/s/sess-a',
  suggestedArriveAt: null,
  createdAt: '2026-11-25T18:00:00.000Z',
  ...over,
});
const shown = (entries: [string, ShownAs][] = []) => new Map(entries);

describe('sessionOfPath', () => {
  it('reads the id of a quick session page and nothing else', () => {
    expect(sessionOfPath('/s/abc123')).toBe('abc123');
    expect(sessionOfPath('/s/abc123/')).toBe('abc123');
    expect(sessionOfPath('/sessions')).toBeNull();
    expect(sessionOfPath('/session/abc/invite')).toBeNull();
    expect(sessionOfPath('/')).toBeNull();
  });
});

describe('toastsFor', () => {
  const list = [note('1'), note('2', { sessionId: 'sess-b' }), note('3', { sessionId: null })];

  it('toasts every new notification on a page that is not a session page', () => {
    expect(toastsFor(list, '/profile', shown()).map((n) => n.id)).toEqual(['1', '2', '3']);
  });

  it("leaves the notifications of the session whose page is open to that page's banners", () => {
    expect(toastsFor(list, '/s/sess-a', shown()).map((n) => n.id)).toEqual(['2', '3']);
  });

  it('never toasts one twice, nor one already shown as a banner', () => {
    const seen = shown([
      ['1', 'banner'],
      ['2', 'done'],
    ]);
    expect(toastsFor(list, '/sessions', seen).map((n) => n.id)).toEqual(['3']);
  });
});

describe('bannersFor', () => {
  const list = [
    note('1'),
    note('2', { kind: 'replan-offer', suggestedArriveAt: '2026-11-25T19:10:00.000Z' }),
    note('3', { sessionId: 'sess-b' }),
    note('4', { kind: 'arrived' }),
  ];

  it("shows the page's own notifications oldest first, including those already on screen", () => {
    expect(bannersFor(list, 'sess-a', shown([['1', 'banner']]), false).map((n) => n.id)).toEqual([
      '1',
      '2',
      '4',
    ]);
  });

  it('drops dismissed ones and, while the page shows the offer, the replan-offer', () => {
    expect(bannersFor(list, 'sess-a', shown([['4', 'done']]), true).map((n) => n.id)).toEqual([
      '1',
    ]);
  });
});

describe('replanOfferOf', () => {
  const base = {
    isOwner: true,
    sessionId: 'sess-a',
    arriveAt: '2026-11-25T19:00:00.000Z',
    suggestedArriveAt: '2026-11-25T19:12:00.000Z',
    notifications: [] as InAppNotification[],
    shown: shown(),
    declined: new Set<string>(),
  };

  it("offers the owner the server's suggested time", () => {
    expect(replanOfferOf(base)).toEqual({ at: '2026-11-25T19:12:00.000Z', ids: [] });
  });

  it('offers nothing to anyone else', () => {
    expect(replanOfferOf({ ...base, isOwner: false })).toBeNull();
  });

  it("falls back to the newest unread replan-offer notification until the session's refresh", () => {
    const notifications = [
      note('1', { kind: 'replan-offer', suggestedArriveAt: '2026-11-25T19:08:00.000Z' }),
      note('2', { kind: 'replan-offer', suggestedArriveAt: '2026-11-25T19:15:00.000Z' }),
      note('3', {
        kind: 'replan-offer',
        sessionId: 'sess-b',
        suggestedArriveAt: '2026-11-25T20:00:00.000Z',
      }),
    ];
    expect(replanOfferOf({ ...base, suggestedArriveAt: null, notifications })).toEqual({
      at: '2026-11-25T19:15:00.000Z',
      ids: ['1', '2'],
    });
    expect(
      replanOfferOf({
        ...base,
        suggestedArriveAt: null,
        notifications,
        shown: shown([
          ['1', 'done'],
          ['2', 'done'],
        ]),
      }),
    ).toBeNull();
  });

  it('offers nothing once the arrival is that time, or after Not now for that time', () => {
    expect(replanOfferOf({ ...base, arriveAt: '2026-11-25T19:12:30.000Z' })).toBeNull();
    expect(replanOfferOf({ ...base, declined: new Set(['2026-11-25T19:12:00.000Z']) })).toBeNull();
    // A later suggestion is offered again.
    expect(
      replanOfferOf({
        ...base,
        suggestedArriveAt: '2026-11-25T19:20:00.000Z',
        declined: new Set(['2026-11-25T19:12:00.000Z']),
      })?.at,
    ).toBe('2026-11-25T19:20:00.000Z');
  });

  it('offers nothing without a time', () => {
    expect(replanOfferOf({ ...base, suggestedArriveAt: undefined })).toBeNull();
  });
});

describe('isUrgent', () => {
  it('raises the alarm for leave-now, late and no-show only', () => {
    expect(isUrgent('leave-now')).toBe(true);
    expect(isUrgent('late')).toBe(true);
    expect(isUrgent('no-show')).toBe(true);
    expect(isUrgent('leave-soon')).toBe(false);
    expect(isUrgent('arrived')).toBe(false);
  });
});

describe('the shown store', () => {
  afterEach(resetShown);

  it("records banners and done ones; 'done' is final", () => {
    markShown(['1', '2'], 'banner');
    markShown(['2'], 'done');
    markShown(['2'], 'banner');
    expect([...getShown()]).toEqual([
      ['1', 'banner'],
      ['2', 'done'],
    ]);
  });

  it('keeps the same map when nothing changes (no re-render)', () => {
    markShown(['1'], 'done');
    const before = getShown();
    markShown(['1'], 'done');
    expect(getShown()).toBe(before);
  });
});

describe('supersededIds', () => {
  it('drops the older arrival time and the leave reminders before a re-plan, per session', () => {
    const list = [
      note('1', { kind: 'leave-soon' }),
      note('2', { kind: 'replanned' }),
      note('3', { kind: 'late' }),
      note('4', { kind: 'replanned', sessionId: 'sess-b' }),
      note('5', { kind: 'replanned' }),
      note('6', { kind: 'leave-now' }),
    ];
    expect([...supersededIds(list)].sort()).toEqual(['1', '2']);
    // Neither shown as a banner nor as a toast.
    expect(bannersFor(list, 'sess-a', shown(), false).map((n) => n.id)).toEqual(['3', '5', '6']);
    expect(toastsFor(list, '/sessions', shown()).map((n) => n.id)).toEqual(['3', '4', '5', '6']);
  });

  it("keeps a leave-now that came after the re-plan, and every 'late' and 'arrived'", () => {
    const list = [
      note('1', { kind: 'late' }),
      note('2', { kind: 'late' }),
      note('3', { kind: 'arrived' }),
      note('4', { kind: 'leave-now' }),
      note('5', { kind: 'leave-now' }),
    ];
    expect([...supersededIds(list)]).toEqual(['4']);
  });
});
