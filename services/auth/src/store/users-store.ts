import { randomUUID } from 'node:crypto';
import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Plan } from '@oneeta/contracts';
import type { Database } from '@oneeta/service-kit';
import { phoneVerifications, smsOutbox, users, type UserRow } from './schema.js';

/** True when the error (or its cause, as drizzle wraps driver errors) is a unique violation. */
export function isUniqueViolation(err: unknown): boolean {
  for (let e = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

export function createUsersStore(db: Database) {
  const byId = async (id: string) => (await db.select().from(users).where(eq(users.id, id)))[0];

  return {
    byId,

    /** The row, locked until the transaction ends (token changes read, then write, the sign-out list). */
    lockById: async (id: string) =>
      (await db.select().from(users).where(eq(users.id, id)).for('update'))[0],

    byEmail: async (email: string): Promise<UserRow | undefined> =>
      (
        await db
          .select()
          .from(users)
          .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
      )[0],

    /** Deletes the account (its phone verification and password reset go with it) and the SMS messages kept for its number. */
    remove: async (row: UserRow) => {
      if (row.phoneNumber) await db.delete(smsOutbox).where(eq(smsOutbox.to, row.phoneNumber));
      return (
        (await db.delete(users).where(eq(users.id, row.id)).returning({ id: users.id })).length ===
        1
      );
    },

    /** The newest `limit` accounts (the admin portal's users table). */
    newest: (limit: number) =>
      db.select().from(users).orderBy(desc(users.createdAt), users.id).limit(limit),

    /** Inserts a user; returns undefined when the e-mail is taken. */
    insert: async (values: { email: string; name: string | null; passwordHash: string }) => {
      // No error on a taken address: an error would abort the caller's transaction.
      const [row] = await db
        .insert(users)
        .values({ id: randomUUID(), ...values })
        .onConflictDoNothing()
        .returning();
      return row;
    },

    /** Updates fields; throws a unique violation if the new e-mail is taken. */
    update: async (
      id: string,
      patch: Partial<
        Pick<
          UserRow,
          | 'name'
          | 'email'
          | 'emailVerifiedAt'
          | 'plan'
          | 'phoneNumber'
          | 'phoneVerified'
          | 'passwordHash'
          | 'tokenVersion'
          | 'revokedSessions'
        >
      >,
    ) => {
      const [row] = await db
        .update(users)
        .set({ ...patch, updatedAt: new Date() })
        .where(eq(users.id, id))
        .returning();
      return row;
    },

    /**
     * Marks the e-mail verified only while it is still `email` (one statement, so an e-mail change
     * racing with the link cannot verify the new address). Undefined when nothing was updated.
     */
    markEmailVerified: async (id: string, email: string) => {
      const [row] = await db
        .update(users)
        .set({ emailVerifiedAt: new Date(), updatedAt: new Date() })
        .where(
          and(
            eq(users.id, id),
            sql`lower(${users.email}) = ${email.toLowerCase()}`,
            isNull(users.emailVerifiedAt),
          ),
        )
        .returning();
      return row;
    },

    setPlan: async (id: string, plan: Plan) => {
      const [row] = await db
        .update(users)
        .set({ plan, updatedAt: new Date() })
        .where(eq(users.id, id))
        .returning();
      return row;
    },

    /** Replaces the user's pending verification and sets the unverified number. */
    startPhoneVerification: async (
      userId: string,
      phone: string,
      codeHash: string,
      expiresAt: Date,
    ) =>
      db.transaction(async (tx) => {
        await tx
          .insert(phoneVerifications)
          .values({ userId, phone, codeHash, expiresAt, attempts: 0 })
          .onConflictDoUpdate({
            target: phoneVerifications.userId,
            set: { phone, codeHash, expiresAt, attempts: 0 },
          });
        const [row] = await tx
          .update(users)
          .set({ phoneNumber: phone, phoneVerified: false, updatedAt: new Date() })
          .where(eq(users.id, userId))
          .returning();
        return row!;
      }),

    pendingVerification: async (userId: string) =>
      (await db.select().from(phoneVerifications).where(eq(phoneVerifications.userId, userId)))[0],

    /**
     * Takes one attempt at the pending code before it is compared, in one statement: none is left
     * once `maxAttempts` were taken or the code expired (then undefined), so parallel guesses cannot
     * all be compared against the same count.
     */
    reservePhoneAttempt: async (userId: string, maxAttempts: number) =>
      (
        await db
          .update(phoneVerifications)
          .set({ attempts: sql`${phoneVerifications.attempts} + 1` })
          .where(
            and(
              eq(phoneVerifications.userId, userId),
              lt(phoneVerifications.attempts, maxAttempts),
              gt(phoneVerifications.expiresAt, new Date()),
            ),
          )
          .returning()
      )[0],

    /**
     * Marks the phone verified and consumes the pending code it matched, in one transaction;
     * undefined when that code was already consumed or replaced.
     */
    completePhoneVerification: async (userId: string, phone: string, codeHash: string) =>
      db.transaction(async (tx) => {
        const consumed = await tx
          .delete(phoneVerifications)
          .where(
            and(eq(phoneVerifications.userId, userId), eq(phoneVerifications.codeHash, codeHash)),
          )
          .returning();
        if (consumed.length === 0) return undefined;
        const [row] = await tx
          .update(users)
          .set({ phoneNumber: phone, phoneVerified: true, updatedAt: new Date() })
          .where(eq(users.id, userId))
          .returning();
        return row!;
      }),

    removePhone: async (userId: string) =>
      db.transaction(async (tx) => {
        await tx.delete(phoneVerifications).where(eq(phoneVerifications.userId, userId));
        const [row] = await tx
          .update(users)
          .set({ phoneNumber: null, phoneVerified: false, updatedAt: new Date() })
          .where(eq(users.id, userId))
          .returning();
        return row!;
      }),
  };
}

export type UsersStore = ReturnType<typeof createUsersStore>;
