import type { SessionScheduleData } from '@oneeta/contracts';
import { communicationUserIdOf } from './identity.js';

export interface MembershipPlan {
  /** OneETA user ids to add to the thread (active in the session, not in the thread yet). */
  add: string[];
  /** Communication user ids to remove (in the thread, no longer active in the session). */
  remove: string[];
}

/**
 * How a session's thread follows the session: its creator (the session author) and every active
 * participant with an account are in it; anyone else in it (left, removed, or only pending) is
 * taken out. Pure: the caller applies the plan.
 */
export function planMembership(
  schedule: Pick<SessionScheduleData, 'participants'>,
  creatorId: string,
  inThread: readonly string[],
  /** A user's communication user id (embedded: derived; ACS: the stored identity). */
  idOf: (userId: string) => string = communicationUserIdOf,
): MembershipPlan {
  const wanted = new Set<string>([creatorId]);
  const userIds: string[] = [];
  for (const p of schedule.participants) {
    if (p.status !== 'active' || !p.userId) continue;
    const id = idOf(p.userId);
    if (wanted.has(id)) continue;
    wanted.add(id);
    userIds.push(p.userId);
  }
  const present = new Set(inThread);
  return {
    add: userIds.filter((userId) => !present.has(idOf(userId))),
    remove: inThread.filter((id) => !wanted.has(id)),
  };
}
