import type { TokenClaims, User } from '@oneeta/contracts';
import type { UserRow } from '../store/schema.js';

/** The administrator: the ADMIN_EMAIL account (case-insensitive) or one flagged isAdmin. */
export function isAdministrator(row: Pick<UserRow, 'email' | 'isAdmin'>, adminEmail?: string): boolean {
  return row.isAdmin || (!!adminEmail && row.email.toLowerCase() === adminEmail.toLowerCase());
}

export function toUser(row: UserRow, adminEmail?: string): User {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    plan: row.plan,
    phoneNumber: row.phoneNumber,
    phoneVerified: row.phoneVerified,
    isAdmin: isAdministrator(row, adminEmail),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function claimsOf(user: User): TokenClaims {
  return { sub: user.id, email: user.email, name: user.name, plan: user.plan, isAdmin: user.isAdmin };
}

/** Which of the fields other services care about differ between two versions of a user. */
export function changedFields(before: User, after: User): ('plan' | 'name' | 'email')[] {
  return (['plan', 'name', 'email'] as const).filter((field) => before[field] !== after[field]);
}
