import { DELETED_ACCOUNT, type ParticipantRow } from '../store/schema.js';

export { DELETED_ACCOUNT };

type Candidate = Pick<ParticipantRow, 'userId' | 'status' | 'createdAt' | 'position'>;

/**
 * Who takes over a session whose owner deleted their account: the longest-standing active
 * participant with an account (earliest joined; list order breaks a tie), other than `leaving`;
 * undefined when there is nobody.
 */
export function successorOf<T extends Candidate>(
  rows: readonly T[],
  leaving: string,
): (T & { userId: string }) | undefined {
  const eligible = rows.filter(
    (p): p is T & { userId: string } =>
      p.status === 'active' &&
      p.userId !== null &&
      p.userId !== leaving &&
      p.userId !== DELETED_ACCOUNT,
  );
  eligible.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.position - b.position);
  return eligible[0];
}
