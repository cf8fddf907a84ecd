import { describe, expect, it } from 'vitest';
import type { SessionScheduleData } from '@oneeta/contracts';
import { conditionEnded, supersedes, type ConditionedNotice } from './conditions.js';

const ARRIVE = '2026-11-25T18:00:00.000Z';
type P = SessionScheduleData['participants'][number];
const person = (id: string, over: Partial<P> = {}): P => ({
  participantId: `user:${id}`,
  userId: id,
  status: 'active',
  enroute: false,
  leaveBy: '2026-11-25T17:30:00.000Z',
  arrivedAt: null,
  lateMinutes: null,
  ...over,
});
const schedule = (
  participants: P[],
  over: Partial<SessionScheduleData> = {},
): SessionScheduleData => ({
  sessionId: 'abc2345',
  isClosed: false,
  destinationName: 'Pike Place Market',
  arriveAt: ARRIVE,
  tzId: 'America/Los_Angeles',
  participants,
  ...over,
});
const notice = (
  kind: ConditionedNotice['kind'],
  about: string[],
  over: Partial<ConditionedNotice['condition'] & object> = {},
  userId = 'own',
): ConditionedNotice => ({
  kind,
  userId,
  condition: { about, arriveAt: ARRIVE, leaveBy: null, ...over },
});
const owner = person('own');

describe('conditionEnded', () => {
  const late = notice('late', ['user:ana']);
  it('keeps a late alert while the person is still told late, and ends it once they arrived, left, were removed or are on time', () => {
    expect(conditionEnded(late, schedule([owner, person('ana', { lateMinutes: 15 })]))).toBe(false);
    expect(
      conditionEnded(
        late,
        schedule([owner, person('ana', { lateMinutes: 15, arrivedAt: ARRIVE })]),
      ),
    ).toBe(true);
    expect(
      conditionEnded(late, schedule([owner, person('ana', { lateMinutes: 15, status: 'left' })])),
    ).toBe(true);
    expect(conditionEnded(late, schedule([owner]))).toBe(true);
    expect(conditionEnded(late, schedule([owner, person('ana', { lateMinutes: null })]))).toBe(
      true,
    );
  });

  it('ends everything but an arrival when the arrival time moved, and everything once the session closed or the recipient left', () => {
    const ana = person('ana', { lateMinutes: 15, arrivedAt: ARRIVE });
    const moved = schedule([owner, ana], { arriveAt: '2026-11-25T19:14:00.000Z' });
    for (const kind of [
      'late',
      'replan-offer',
      'far-behind',
      'replanned',
      'leave-soon',
      'no-show',
    ] as const) {
      expect(conditionEnded(notice(kind, ['user:ana']), moved)).toBe(true);
    }
    expect(conditionEnded(notice('arrived', ['user:ana']), moved)).toBe(false);
    expect(
      conditionEnded(notice('arrived', ['user:ana']), schedule([owner, ana], { isClosed: true })),
    ).toBe(true);
    expect(
      conditionEnded(
        notice('arrived', ['user:ana']),
        schedule([{ ...owner, status: 'left' }, ana]),
      ),
    ).toBe(true);
    expect(
      conditionEnded({ kind: 'no-show', userId: 'own', condition: null }, schedule([owner])),
    ).toBe(false);
  });

  it('ends an offer once nobody it named is late, and an arrival once it was cleared', () => {
    const offer = notice('replan-offer', ['user:ana', 'user:ben']);
    expect(
      conditionEnded(offer, schedule([owner, person('ana'), person('ben', { lateMinutes: 6 })])),
    ).toBe(false);
    expect(conditionEnded(offer, schedule([owner, person('ana'), person('ben')]))).toBe(true);
    expect(conditionEnded(notice('arrived', ['user:ana']), schedule([owner, person('ana')]))).toBe(
      true,
    );
  });

  it("ends a reminder once the recipient's leave-by moved a minute or more, or they are on the way or there", () => {
    const reminder = notice('leave-soon', ['user:own'], { leaveBy: '2026-11-25T17:30:00.000Z' });
    expect(
      conditionEnded(reminder, schedule([person('own', { leaveBy: '2026-11-25T17:30:59.000Z' })])),
    ).toBe(false);
    expect(
      conditionEnded(reminder, schedule([person('own', { leaveBy: '2026-11-25T17:31:00.000Z' })])),
    ).toBe(true);
    expect(conditionEnded(reminder, schedule([person('own', { enroute: true })]))).toBe(true);
    expect(conditionEnded(reminder, schedule([person('own', { arrivedAt: ARRIVE })]))).toBe(true);
  });
});

describe('conditionEnded for re-plans and no-shows', () => {
  it("ends a re-plan once the recipient's leave-by it stated moved a minute or more (an unknown one changes nothing)", () => {
    const replanned = notice('replanned', [], { leaveBy: '2026-11-25T17:30:00.000Z' });
    expect(conditionEnded(replanned, schedule([person('own', { leaveBy: null })]))).toBe(false);
    expect(
      conditionEnded(replanned, schedule([person('own', { leaveBy: '2026-11-25T17:30:30.000Z' })])),
    ).toBe(false);
    expect(
      conditionEnded(replanned, schedule([person('own', { leaveBy: '2026-11-25T17:32:00.000Z' })])),
    ).toBe(true);
    expect(
      conditionEnded(
        notice('replanned', []),
        schedule([person('own', { leaveBy: '2026-11-25T17:32:00.000Z' })]),
      ),
    ).toBe(false);
  });

  it('ends a no-show once everyone it named arrived, left or was removed', () => {
    const noShow = notice('no-show', ['user:ana', 'user:ben']);
    expect(
      conditionEnded(
        noShow,
        schedule([owner, person('ana', { arrivedAt: ARRIVE }), person('ben')]),
      ),
    ).toBe(false);
    expect(
      conditionEnded(
        noShow,
        schedule([owner, person('ana', { arrivedAt: ARRIVE }), person('ben', { status: 'left' })]),
      ),
    ).toBe(true);
    expect(conditionEnded(notice('no-show', []), schedule([owner]))).toBe(false);
  });
});

describe('supersedes', () => {
  it('replaces an older late alert or arrival about the same person, an older offer, re-plan or reminder', () => {
    expect(supersedes(notice('late', ['user:ana']), notice('late', ['user:ana']))).toBe(true);
    expect(supersedes(notice('late', ['user:ana']), notice('late', ['user:ben']))).toBe(false);
    expect(supersedes(notice('arrived', ['user:ana']), notice('late', ['user:ana']))).toBe(true);
    expect(
      supersedes(notice('far-behind', ['user:ben']), notice('replan-offer', ['user:ana'])),
    ).toBe(true);
    expect(supersedes(notice('leave-now', []), notice('leave-soon', []))).toBe(true);
    expect(supersedes(notice('replanned', []), notice('late', ['user:ana']))).toBe(false);
  });
});
