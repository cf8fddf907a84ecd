import type { InAppNotification } from '@oneeta/contracts';
import { describe, expect, it } from 'vitest';
import { participant, session as sessionOf } from '../../test-fixtures';
import { offerWords, ownerOfferOf, type OwnerOfferInput } from './owner-offer';

// Arrival 19:00Z; Ben is 12 min late, so 19:12Z works for everyone.
const ben = participant({ id: 'user:ben', label: 'Ben', minutesLate: 12 });
const ann = participant({ id: 'user:ann', label: 'Ann' });
const base: OwnerOfferInput = {
  isOwner: true,
  canEdit: true,
  session: sessionOf({ participants: [ann, ben], suggestedArriveAt: '2026-07-01T19:12:00.000Z' }),
  notifications: [],
  shown: new Map(),
  declined: new Set(),
};
const note = (id: string, over: Partial<InAppNotification> = {}): InAppNotification => ({
  id,
  kind: 'replan-offer',
  sessionId: 'abc2345',
  text: 'Move arrival to 12:15 PM?',
  url: '/s/abc2345',
  suggestedArriveAt: '2026-07-01T19:15:00.000Z',
  createdAt: '2026-07-01T18:50:00.000Z',
  ...over,
});

describe('ownerOfferOf', () => {
  it("offers a plan that can edit to move the arrival to the server's suggestion, naming who is late", () => {
    const offer = ownerOfferOf(base);
    expect(offer).toMatchObject({ kind: 'move', at: '2026-07-01T19:12:00.000Z', ids: [] });
    expect(offer?.people).toEqual([{ participantId: 'user:ben', name: 'Ben', minutesLate: 12 }]);
    expect(offerWords(offer!, '12:12 PM')).toEqual({
      lead: 'Running late: Ben',
      text: 'Move arrival to 12:12 PM?',
    });
  });

  it('offers a plan that cannot edit no button: who is late, the time that would work, the way up', () => {
    const offer = ownerOfferOf({ ...base, canEdit: false });
    expect(offer?.kind).toBe('upgrade');
    expect(offerWords(offer!, '12:12 PM')).toEqual({
      lead: null,
      text: 'Running late: Ben. 12:12 PM would work; upgrade to move the arrival time',
    });
  });

  it('past REPLAN_OFFER_MAX_HOURS: who is far behind instead of moving everyone, whatever the plan', () => {
    // Ben switched to walking: 2521 min late, everyone could make it 42 h later.
    const far = participant({ id: 'user:ben', label: 'Ben', minutesLate: 2521 });
    const late = participant({ id: 'user:cy', label: 'Cy', minutesLate: 9 });
    const session = sessionOf({
      participants: [ann, far, late],
      suggestedArriveAt: '2026-07-03T13:01:00.000Z',
    });
    for (const canEdit of [true, false]) {
      const offer = ownerOfferOf({ ...base, canEdit, session });
      expect(offer?.kind).toBe('far-behind');
      // Only those more than 3 h late: Cy is merely late.
      expect(offer?.people.map((p) => p.name)).toEqual(['Ben']);
      expect(offerWords(offer!, 'Fri 6:01 AM').text).toBe(
        'Far behind: Ben (1 d 18 h 1 min late). Remove them or message them',
      );
    }
  });

  it('far behind by the session alone, now that it suggests no time past the bound', () => {
    const far = participant({ id: 'user:ben', label: 'Ben', minutesLate: 568 });
    const session = sessionOf({ participants: [ann, far], suggestedArriveAt: null });
    const offer = ownerOfferOf({ ...base, session });
    expect(offer).toMatchObject({ kind: 'far-behind', at: '' });
    expect(offerWords(offer!, '').text).toBe(
      'Far behind: Ben (9 h 28 min late). Remove them or message them',
    );
    // Gone once they are no longer late (removed, left, arrived, or back on time).
    const back = sessionOf({ participants: [ann, { ...far, minutesLate: null }] });
    expect(ownerOfferOf({ ...base, session: back })).toBeNull();
  });

  it('exactly 3 h later is still an offer to move', () => {
    const session = sessionOf({
      participants: [participant({ id: 'user:ben', label: 'Ben', minutesLate: 180 })],
      suggestedArriveAt: '2026-07-01T22:00:00.000Z',
    });
    expect(ownerOfferOf({ ...base, session })?.kind).toBe('move');
  });

  it('offers nothing to anyone but the owner', () => {
    expect(ownerOfferOf({ ...base, isOwner: false })).toBeNull();
  });

  it('goes once nobody is late any more, though an unread offer notification still says otherwise', () => {
    const session = sessionOf({ participants: [ann, { ...ben, minutesLate: null }] });
    expect(ownerOfferOf({ ...base, session, notifications: [note('1')] })).toBeNull();
    // Someone late who has since arrived is not late.
    const arrived = sessionOf({
      participants: [{ ...ben, arrivedAt: '2026-07-01T18:59:00.000Z' }],
    });
    expect(ownerOfferOf({ ...base, session: arrived })).toBeNull();
  });

  it('goes once the arrival time moved to the suggestion (or past it)', () => {
    const moved = sessionOf({ ...base.session, arriveAt: '2026-07-01T19:12:30.000Z' });
    expect(ownerOfferOf({ ...base, session: moved })).toBeNull();
    const past = sessionOf({ ...base.session, arriveAt: '2026-07-01T19:30:00.000Z' });
    expect(ownerOfferOf({ ...base, session: past })).toBeNull();
  });

  it('takes the newest unread offer notification while the session names late people but no time', () => {
    const session = sessionOf({ participants: [ann, ben], suggestedArriveAt: null });
    const notifications = [
      note('1', { suggestedArriveAt: '2026-07-01T19:08:00.000Z' }),
      note('2'),
      note('3', { sessionId: 'other' }),
    ];
    expect(ownerOfferOf({ ...base, session, notifications })).toMatchObject({
      at: '2026-07-01T19:15:00.000Z',
      ids: ['1', '2'],
    });
    const done = new Map([
      ['1', 'done' as const],
      ['2', 'done' as const],
    ]);
    expect(ownerOfferOf({ ...base, session, notifications, shown: done })).toBeNull();
  });

  it("after 'Not now', the same people are not offered again as the time creeps on", () => {
    const offer = ownerOfferOf(base)!;
    const declined = new Set([offer.key]);
    const later = sessionOf({ ...base.session, suggestedArriveAt: '2026-07-01T19:14:00.000Z' });
    expect(ownerOfferOf({ ...base, session: later, declined })).toBeNull();
    // Someone else late too: a new offer.
    const cy = participant({ id: 'user:cy', label: 'Cy', minutesLate: 7 });
    const more = sessionOf({ ...base.session, participants: [ann, ben, cy] });
    expect(ownerOfferOf({ ...base, session: more, declined })?.people).toHaveLength(2);
  });
});
