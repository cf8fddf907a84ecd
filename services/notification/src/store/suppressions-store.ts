import { eq } from 'drizzle-orm';
import type { Database } from '@oneeta/service-kit';
import { emailSuppressions } from './schema.js';

/** Addresses that unsubscribed from OneETA e-mail (lower-cased). */
export function createSuppressionsStore(db: Database) {
  return {
    /** Records the address; true when it was not recorded before. */
    async add(email: string): Promise<boolean> {
      const rows = await db
        .insert(emailSuppressions)
        .values({ email: email.toLowerCase() })
        .onConflictDoNothing()
        .returning({ email: emailSuppressions.email });
      return rows.length > 0;
    },
    async has(email: string): Promise<boolean> {
      const [row] = await db
        .select({ email: emailSuppressions.email })
        .from(emailSuppressions)
        .where(eq(emailSuppressions.email, email.trim().toLowerCase()));
      return row !== undefined;
    },
  };
}
export type SuppressionsStore = ReturnType<typeof createSuppressionsStore>;
