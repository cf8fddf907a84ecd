import { describe, expect, it } from 'vitest';
import type { ReminderJob, SessionScheduleData } from '@oneeta/contracts';
import {
  plannedReminders,
  reminderFireAt,
  reminderJobId,
  reminderPayload,
  reminderSentKey,
  reminderVerdict,
} from './reminders.js';

const NOW = new Date('2026-11-25T17:00:00.000Z');
const schedule = (
  over: Partial<SessionScheduleData> = {},
  p: Partial<SessionScheduleData['participants'][number]> = {},
): SessionScheduleData => ({
  sessionId: 'abc2345',
  isClosed: false,
  destinationName: 'Pike Place Market',
  arriveAt: '2026-11-25T18:00:00.000Z',
  tzId: 'America/Los_Angeles',
  participants: [
    {
      participantId: 'user:u1',
      userId: 'u1',
      status: 'active',
      enroute: false,
      leaveBy: '2026-11-25T17:30:00.000Z',
      ...p,
    },
  ],
  ...over,
});
const job = (over: Partial<ReminderJob> = {}): ReminderJob => ({
  sessionId: 'abc2345',
  participantId: 'user:u1',
  userId: 'u1',
  kind: 'leave-soon',
  leaveBy: '2026-11-25T17:30:00.000Z',
  arriveAt: '2026-11-25T18:00:00.000Z',
  ...over,
});

describe('plannedReminders', () => {
  it('plans two reminders per remindable participant: 10 min before the leave-by time and at it', () => {
    expect(
      plannedReminders(schedule(), NOW).map((r) => [r.job.kind, r.fireAt.toISOString()]),
    ).toEqual([
      ['leave-soon', '2026-11-25T17:20:00.000Z'],
      ['leave-now', '2026-11-25T17:30:00.000Z'],
    ]);
  });

  it('plans none for a closed session, no arrival time, a guest, someone pending, left, on the way, arrived or without a leave-by', () => {
    expect(plannedReminders(schedule({ isClosed: true }), NOW)).toEqual([]);
    expect(plannedReminders(schedule({ arriveAt: null }), NOW)).toEqual([]);
    for (const p of [
      { userId: null },
      { status: 'pending' as const },
      { status: 'left' as const },
      { enroute: true },
      { leaveBy: null },
      { arrivedAt: '2026-11-25T16:59:00.000Z' },
    ]) {
      expect(plannedReminders(schedule({}, p), NOW)).toEqual([]);
    }
  });

  it('skips a moment that passed more than 2 minutes ago, keeps one that just passed', () => {
    const soonPassed = plannedReminders(
      schedule({}, { leaveBy: '2026-11-25T17:08:30.000Z' }),
      NOW,
    ).map((r) => r.job.kind);
    expect(soonPassed).toEqual(['leave-soon', 'leave-now']);
    const missed = plannedReminders(schedule({}, { leaveBy: '2026-11-25T17:07:59.000Z' }), NOW).map(
      (r) => r.job.kind,
    );
    expect(missed).toEqual(['leave-now']);
    expect(plannedReminders(schedule({}, { leaveBy: '2026-11-25T16:57:59.000Z' }), NOW)).toEqual(
      [],
    );
  });
});

describe('reminderVerdict', () => {
  const at = reminderFireAt('leave-soon', job().leaveBy);
  it('sends a reminder that is still what the session says, on time', () => {
    expect(reminderVerdict(job(), schedule(), at)).toBe('send');
    expect(reminderVerdict(job(), schedule({}, { leaveBy: '2026-11-25T17:30:59.000Z' }), at)).toBe(
      'send',
    );
  });
  it('drops it when the leave-by or arrival time moved, the participant is on the way, arrived or left, or the session closed or is gone', () => {
    expect(reminderVerdict(job(), schedule({}, { leaveBy: '2026-11-25T17:31:00.000Z' }), at)).toBe(
      'stale',
    );
    expect(reminderVerdict(job(), schedule({ arriveAt: '2026-11-25T18:15:00.000Z' }), at)).toBe(
      'stale',
    );
    expect(reminderVerdict(job(), schedule({}, { enroute: true }), at)).toBe('stale');
    expect(
      reminderVerdict(job(), schedule({}, { arrivedAt: '2026-11-25T17:19:00.000Z' }), at),
    ).toBe('stale');
    expect(reminderVerdict(job(), schedule({}, { arrivedAt: null }), at)).toBe('send');
    expect(reminderVerdict(job(), schedule({}, { status: 'left' }), at)).toBe('stale');
    expect(reminderVerdict(job(), schedule({ isClosed: true }), at)).toBe('stale');
    expect(reminderVerdict(job(), schedule({ participants: [] }), at)).toBe('stale');
    expect(reminderVerdict(job(), null, at)).toBe('stale');
  });
  it('never sends late: more than 2 minutes after its moment it is dropped', () => {
    expect(reminderVerdict(job(), schedule(), new Date(at.getTime() + 120_000))).toBe('send');
    expect(reminderVerdict(job(), schedule(), new Date(at.getTime() + 120_001))).toBe('late');
  });
});

describe('identities and texts', () => {
  it('gives one job id per session, participant, kind and leave-by, without colons', () => {
    expect(reminderJobId(job())).toBe(reminderJobId(job()));
    expect(reminderJobId(job())).not.toBe(
      reminderJobId(job({ leaveBy: '2026-11-25T17:31:00.000Z' })),
    );
    expect(reminderJobId(job())).not.toBe(reminderJobId(job({ kind: 'leave-now' })));
    expect(reminderJobId(job())).not.toContain(':');
  });
  it('sends once per meeting time, whatever the leave-by', () => {
    expect(reminderSentKey(job())).toBe(
      reminderSentKey(job({ leaveBy: '2026-11-25T17:35:00.000Z' })),
    );
    expect(reminderSentKey(job())).not.toBe(
      reminderSentKey(job({ arriveAt: '2026-11-25T18:30:00.000Z' })),
    );
  });
  it("words the push as the issue says, the arrival on the destination's clock with its zone", () => {
    expect(reminderPayload(job(), schedule(), NOW)).toEqual({
      title: 'OneETA',
      body: 'Leave in 10 min for Pike Place Market to arrive at 10:00 AM Los Angeles time',
      url: '/s/abc2345',
      tag: 'oneeta:leave-reminder:abc2345',
    });
    expect(reminderPayload(job({ kind: 'leave-now' }), schedule(), NOW).body).toBe(
      'Time to leave for Pike Place Market',
    );
    expect(reminderPayload(job(), schedule({ tzId: 'UTC' }), NOW).body).toBe(
      'Leave in 10 min for Pike Place Market to arrive at 6:00 PM UTC',
    );
  });
});
