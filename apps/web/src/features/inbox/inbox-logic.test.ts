import { LEAVE_SOON_MINUTES, type InAppNotification } from '@oneeta/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import {
  bannerText,
  bannersFor,
  isUrgent,
  LEAVE_SOON_MS,
  supersededIds,
  sessionOfPath,
  stillHolds,
  toastsFor,
  type BannerContext,
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
/** A session where someone is late, nobody arrived, and the viewer leaves by 18:00Z. */
const holding: BannerContext = {
  anyoneLate: true,
  everyoneArrived: false,
  viewer: { there: false, leaveBy: new Date('2026-11-25T18:00:00.000Z') },
};

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
    note('5', { kind: 'far-behind', suggestedArriveAt: '2026-11-26T19:10:00.000Z' }),
  ];

  it("shows the page's own notifications oldest first, including those already on screen", () => {
    expect(bannersFor(list, 'sess-a', shown([['1', 'banner']]), holding).map((n) => n.id)).toEqual([
      '1',
      '4',
    ]);
  });

  it("drops dismissed ones, and the offers (the page's own offer shows them while they hold)", () => {
    expect(bannersFor(list, 'sess-a', shown([['4', 'done']]), holding).map((n) => n.id)).toEqual([
      '1',
    ]);
  });

  it('is the current inbox answer: a notification the server dropped is gone at once', () => {
    const on = bannersFor(list, 'sess-a', shown([['1', 'banner']]), holding);
    expect(on.map((n) => n.id)).toContain('1');
    const next = list.filter((n) => n.id !== '1');
    expect(bannersFor(next, 'sess-a', shown([['1', 'banner']]), holding).map((n) => n.id)).toEqual([
      '4',
    ]);
  });

  it('never shows one the server marked ended, as a banner or as a toast', () => {
    const ended = { ...note('9', { kind: 'late' }), endedAt: '2026-11-25T18:05:00.000Z' };
    expect(bannersFor([ended], 'sess-a', shown(), holding)).toEqual([]);
    expect(toastsFor([ended], '/sessions', shown())).toEqual([]);
  });
});

describe('stillHolds', () => {
  const late = note('1', { kind: 'late', text: 'Ben is running 8 min late' });
  const noShow = note('2', { kind: 'no-show' });

  it("a 'late' banner only while someone is late; a no-show only while someone has not arrived", () => {
    expect(stillHolds(late, holding)).toBe(true);
    expect(stillHolds(late, { ...holding, anyoneLate: false })).toBe(false);
    expect(stillHolds(noShow, holding)).toBe(true);
    expect(stillHolds(noShow, { ...holding, everyoneArrived: true })).toBe(false);
  });

  it('a leave reminder only with the leave-by it was sent for, and never to someone there', () => {
    // 'leave-now' at 18:00Z, 'leave-soon' 10 min before it: the viewer leaves by 18:00Z.
    const now = note('3', { kind: 'leave-now', createdAt: '2026-11-25T18:01:00.000Z' });
    const soon = note('4', { kind: 'leave-soon', createdAt: '2026-11-25T17:50:00.000Z' });
    expect(stillHolds(now, holding)).toBe(true);
    expect(stillHolds(soon, holding)).toBe(true);
    // The arrival time moved 30 min later: the reminders were about the old leave-by.
    const moved = {
      ...holding,
      viewer: { there: false, leaveBy: new Date('2026-11-25T18:30:00Z') },
    };
    expect(stillHolds(now, moved)).toBe(false);
    expect(stillHolds(soon, moved)).toBe(false);
    // Arrived, not a participant, or no leave-by known: no reminder.
    expect(stillHolds(now, { ...holding, viewer: { there: true, leaveBy: null } })).toBe(false);
    expect(stillHolds(now, { ...holding, viewer: null })).toBe(false);
    expect(stillHolds(now, { ...holding, viewer: { there: false, leaveBy: null } })).toBe(false);
  });

  it("matches the contracts' leave-soon lead time", () => {
    expect(LEAVE_SOON_MS).toBe(LEAVE_SOON_MINUTES * 60_000);
  });
});

describe('bannerText', () => {
  const replanned = note('1', {
    kind: 'replanned',
    text: 'New arrival 5:41 PM: leave by 5:10 PM',
  });

  it('someone already there reads the new arrival time only, never a leave-by', () => {
    const there = { ...holding, viewer: { there: true, leaveBy: null } };
    expect(bannerText(replanned, there)).toBe('New arrival 5:41 PM');
    expect(bannersFor([replanned], 'sess-a', shown(), there)[0]?.text).toBe('New arrival 5:41 PM');
  });

  it('everyone else reads it whole', () => {
    expect(bannerText(replanned, holding)).toBe('New arrival 5:41 PM: leave by 5:10 PM');
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
    expect(bannersFor(list, 'sess-a', shown(), holding).map((n) => n.id)).toEqual(['3', '5', '6']);
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
