import type { TokenClaims, User } from '@oneeta/contracts';
import type { UserRow } from '../store/schema.js';

/**
 * The administrator: one flagged isAdmin, or the ADMIN_EMAIL account (case-insensitive) once that
 * address is verified: an address nobody proved they own grants nothing.
 */
export function isAdministrator(
  row: Pick<UserRow, 'email' | 'isAdmin' | 'emailVerifiedAt'>,
  adminEmail?: string,
): boolean {
  if (row.isAdmin) return true;
  return (
    !!adminEmail &&
    row.emailVerifiedAt !== null &&
    row.email.toLowerCase() === adminEmail.toLowerCase()
  );
}

export function toUser(row: UserRow, adminEmail?: string): User {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    plan: row.plan,
    phoneNumber: row.phoneNumber,
    phoneVerified: row.phoneVerified,
    emailVerified: row.emailVerifiedAt !== null,
    isAdmin: isAdministrator(row, adminEmail),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The claims the signer adds `exp`, `iat`, `iss` and `aud` to: `tv` the account's token version, `sid` the sign-in. */
export function claimsOf(
  user: User,
  tokens: { tv: number; sid: string },
): Omit<TokenClaims, 'exp'> {
  return {
    ...tokens,
    sub: user.id,
    email: user.email,
    emailVerified: user.emailVerified,
    name: user.name,
    plan: user.plan,
    isAdmin: user.isAdmin,
  };
}

const WATCHED = ['plan', 'name', 'email', 'emailVerified', 'isAdmin'] as const;

/** Which of the fields other services care about differ between two versions of a user. */
export function changedFields(before: User, after: User): (typeof WATCHED)[number][] {
  return WATCHED.filter((field) => before[field] !== after[field]);
}
