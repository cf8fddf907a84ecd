import { and, eq, gt } from 'drizzle-orm';
import type { Database } from '@oneeta/service-kit';
import { passwordResets, type PasswordResetRow } from './schema.js';

export function createPasswordResetsStore(db: Database) {
  return {
    /** Records a request (replacing the account's pending one and any link it had). */
    request: async (values: { userId: string; requestId: string; email: string }) => {
      const row = { ...values, requestedAt: new Date(), tokenHash: null, expiresAt: null };
      await db
        .insert(passwordResets)
        .values(row)
        .onConflictDoUpdate({ target: passwordResets.userId, set: row });
    },

    /** The pending request `requestId` of the account, if it is still the pending one. */
    pending: async (userId: string, requestId: string): Promise<PasswordResetRow | undefined> =>
      (
        await db
          .select()
          .from(passwordResets)
          .where(and(eq(passwordResets.userId, userId), eq(passwordResets.requestId, requestId)))
      )[0],

    /** Sets the request's link (its hash and expiry); false when the request was replaced or used meanwhile. */
    setLink: async (userId: string, requestId: string, tokenHash: string, expiresAt: Date) =>
      (
        await db
          .update(passwordResets)
          .set({ tokenHash, expiresAt })
          .where(and(eq(passwordResets.userId, userId), eq(passwordResets.requestId, requestId)))
          .returning({ userId: passwordResets.userId })
      ).length === 1,

    /** Takes the request whose link has this hash, if unexpired, in one statement: a link works once. */
    consume: async (tokenHash: string): Promise<PasswordResetRow | undefined> =>
      (
        await db
          .delete(passwordResets)
          .where(
            and(eq(passwordResets.tokenHash, tokenHash), gt(passwordResets.expiresAt, new Date())),
          )
          .returning()
      )[0],

    /** Drops the account's pending request (its password changed another way). */
    drop: async (userId: string) => {
      await db.delete(passwordResets).where(eq(passwordResets.userId, userId));
    },
  };
}
