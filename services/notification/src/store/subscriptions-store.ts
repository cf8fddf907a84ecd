import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, notInArray, sql } from 'drizzle-orm';
import type { Database } from '@oneeta/service-kit';
import { pushSubscriptions, type PushSubscriptionRow } from './schema.js';

export interface SubscriptionInput {
  endpoint: string;
  p256dh: string;
  auth: string;
  deviceName: string | null;
  userAgent: string | null;
}

export function createSubscriptionsStore(db: Database) {
  return {
    /**
     * Registers the endpoint for `userId`: a new row, or the existing one (whoever had it) now the
     * caller's with the new keys and names. `created` tells which.
     */
    async upsert(
      userId: string,
      input: SubscriptionInput,
    ): Promise<{ row: PushSubscriptionRow; created: boolean }> {
      const id = randomUUID();
      const now = new Date();
      const [row] = await db
        .insert(pushSubscriptions)
        .values({ id, userId, ...input, lastSeen: now, createdAt: now, updatedAt: now })
        .onConflictDoUpdate({
          target: pushSubscriptions.endpoint,
          set: {
            userId,
            p256dh: input.p256dh,
            auth: input.auth,
            deviceName: input.deviceName,
            userAgent: input.userAgent,
            lastSeen: now,
            updatedAt: now,
          },
        })
        .returning();
      return { row: row!, created: row!.id === id };
    },
    /**
     * `upsert`, then keeps the user's `maxDevices` devices seen most recently (the one just
     * registered is among them) and forgets the rest: the devices `removed`. One user's registrations
     * are serialised, so parallel ones cannot exceed the cap.
     */
    async upsertCapped(
      userId: string,
      input: SubscriptionInput,
      maxDevices: number,
    ): Promise<{ row: PushSubscriptionRow; created: boolean; removed: number }> {
      return db.transaction(async (handle) => {
        const tx = handle as unknown as Database;
        await tx.execute(
          sql`select pg_advisory_xact_lock(hashtext(${`oneeta:push-devices:${userId}`}::text))`,
        );
        const { row, created } = await createSubscriptionsStore(tx).upsert(userId, input);
        const keep = tx
          .select({ id: pushSubscriptions.id })
          .from(pushSubscriptions)
          .where(eq(pushSubscriptions.userId, userId))
          .orderBy(
            desc(pushSubscriptions.lastSeen),
            desc(pushSubscriptions.createdAt),
            desc(pushSubscriptions.id),
          )
          .limit(maxDevices);
        const gone = await tx
          .delete(pushSubscriptions)
          .where(and(eq(pushSubscriptions.userId, userId), notInArray(pushSubscriptions.id, keep)))
          .returning({ id: pushSubscriptions.id });
        return { row, created, removed: gone.length };
      });
    },
    listByUser(userId: string): Promise<PushSubscriptionRow[]> {
      return db
        .select()
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.userId, userId))
        .orderBy(asc(pushSubscriptions.createdAt), asc(pushSubscriptions.id));
    },
    async byId(id: string): Promise<PushSubscriptionRow | null> {
      const [row] = await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, id));
      return row ?? null;
    },
    /** Removes the caller's subscription of that endpoint (another user's is left alone). */
    async removeEndpoint(userId: string, endpoint: string): Promise<number> {
      const rows = await db
        .delete(pushSubscriptions)
        .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
        .returning({ id: pushSubscriptions.id });
      return rows.length;
    },
    async removeAll(userId: string): Promise<number> {
      const rows = await db
        .delete(pushSubscriptions)
        .where(eq(pushSubscriptions.userId, userId))
        .returning({ id: pushSubscriptions.id });
      return rows.length;
    },
    /** A push service said the subscription is gone: delete it, unless it was re-registered since the job read it. */
    async removeGone(id: string, endpoint: string, readAt: Date): Promise<void> {
      await db
        .delete(pushSubscriptions)
        .where(
          and(
            eq(pushSubscriptions.id, id),
            eq(pushSubscriptions.endpoint, endpoint),
            sql`${pushSubscriptions.updatedAt} <= ${readAt.toISOString()}`,
          ),
        );
    },
  };
}
export type SubscriptionsStore = ReturnType<typeof createSubscriptionsStore>;
