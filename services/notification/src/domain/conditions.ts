import {
  REMINDER_LEAVE_BY_TOLERANCE_MS,
  type InAppKind,
  type SessionScheduleData,
} from '@oneeta/contracts';
import type { NoticeCondition } from '../store/schema.js';

export type { NoticeCondition };

/**
 * Every in-app notification of a session is about a condition (someone is late, has arrived, this
 * is your leave-by time); once the condition ends, the notification ends with it and the inbox no
 * longer lists it. These rules decide, from the session's current schedule (`session.schedule`),
 * which conditions still hold. No I/O.
 */

/** What an in-app row knows of its condition. */
export interface ConditionedNotice {
  kind: InAppKind;
  userId: string;
  condition: NoticeCondition | null;
}

type Participant = SessionScheduleData['participants'][number];

const ms = (iso: string | null | undefined) => (iso ? new Date(iso).getTime() : null);
const present = (p: Participant | undefined): p is Participant =>
  p !== undefined && p.status !== 'left';
/** Still late as the session told the group (an older publisher without the field: assumed still late). */
const stillLate = (p: Participant | undefined) =>
  present(p) && !p.arrivedAt && p.lateMinutes !== null;

/**
 * Whether the condition of a notification no longer holds in `schedule`: the session closed; the
 * recipient left or was removed; for everything but an arrival, the arrival time moved; late: the
 * person arrived, left, was removed or is on time again; re-plan offer and far-behind: nobody it
 * named is still late; arrived: the person left, was removed or their arrival was cleared;
 * no-show: everyone it named arrived, left or was removed; reminders: the recipient arrived, is on
 * the way, or their leave-by moved by REMINDER_LEAVE_BY_TOLERANCE_MS or more; a re-plan: the
 * recipient's leave-by it stated moved that much. A notification with no recorded condition ends
 * only with the session or its recipient.
 */
export function conditionEnded(notice: ConditionedNotice, schedule: SessionScheduleData): boolean {
  if (schedule.isClosed) return true;
  const byId = new Map(schedule.participants.map((p) => [p.participantId, p]));
  const me = schedule.participants.find((p) => p.userId === notice.userId);
  if (!present(me)) return true;
  const c = notice.condition;
  if (!c) return false;
  if (notice.kind !== 'arrived' && ms(c.arriveAt) !== ms(schedule.arriveAt)) return true;
  switch (notice.kind) {
    case 'late':
      return !c.about.every((id) => stillLate(byId.get(id)));
    case 'replan-offer':
    case 'far-behind':
      return !c.about.some((id) => stillLate(byId.get(id)));
    case 'arrived':
      return !c.about.every((id) => {
        const p = byId.get(id);
        return present(p) && Boolean(p.arrivedAt);
      });
    case 'leave-soon':
    case 'leave-now': {
      if (me.arrivedAt || me.enroute) return true;
      return leaveByMoved(c.leaveBy, me.leaveBy);
    }
    case 'replanned':
      return leaveByMoved(c.leaveBy, me.leaveBy);
    case 'no-show':
      // Everyone it named has arrived, left or was removed (an older alert without ids: never).
      return (
        c.about.length > 0 &&
        !c.about.some((id) => {
          const p = byId.get(id);
          return present(p) && !p.arrivedAt;
        })
      );
  }
}

/** A stated leave-by and the current one differ by the reminders' tolerance or more (an unknown current one changes nothing). */
function leaveByMoved(stated: string | null, current: string | null): boolean {
  const a = ms(stated);
  const b = ms(current);
  return a !== null && b !== null && Math.abs(a - b) >= REMINDER_LEAVE_BY_TOLERANCE_MS;
}

/**
 * Whether a new notification to the same user in the same session replaces an open older one: a
 * newer late alert or arrival about the same person, a newer offer or far-behind notice, a newer
 * re-plan, a newer reminder or no-show.
 */
export function supersedes(next: ConditionedNotice, older: ConditionedNotice): boolean {
  const samePeople = (a: NoticeCondition | null, b: NoticeCondition | null) =>
    (a?.about ?? []).join('\n') === (b?.about ?? []).join('\n');
  const group = (kind: InAppKind) =>
    kind === 'replan-offer' || kind === 'far-behind'
      ? 'offer'
      : kind === 'leave-soon' || kind === 'leave-now'
        ? 'leave'
        : kind;
  if (next.kind === 'arrived' && older.kind === 'late')
    return samePeople(next.condition, older.condition);
  if (group(next.kind) !== group(older.kind)) return false;
  if (next.kind === 'late' || next.kind === 'arrived')
    return samePeople(next.condition, older.condition);
  return true;
}
