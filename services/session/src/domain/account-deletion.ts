import type { ParticipantRow } from '../store/schema.js';

/**
 * What stands in for a deleted account where a user id must stay (the owner of a session nobody
 * took over, the sender of an invite someone accepted). No account ever has this id.
 */
export const DELETED_ACCOUNT = 'deleted-account';

type Candidate = Pick<ParticipantRow, 'userId' | 'status' | 'createdAt' | 'position'>;

/**
 * Who takes over a session whose owner deleted their account: the longest-standing active
 * participant with an account (earliest joined; list order breaks a tie), other than `leaving`;
 * undefined when there is nobody.
 */
export function successorOf<T extends Candidate>(rows: readonly T[], leaving: string): (T & { userId: string }) | undefined {
  const eligible = rows.filter((p): p is T & { userId: string } => p.status === 'active' && p.userId !== null && p.userId !== leaving && p.userId !== DELETED_ACCOUNT);
  eligible.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.position - b.position);
  return eligible[0];
}
