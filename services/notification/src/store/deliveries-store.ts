import { desc, eq } from 'drizzle-orm';
import type { Database } from '@oneeta/service-kit';
import { deliveries, type DeliveryRow } from './schema.js';

export type DeliveryInput = typeof deliveries.$inferInsert;

export function createDeliveriesStore(db: Database) {
  return {
    /** Records a delivery's outcome; false when one was already recorded for this id (a repeated job). */
    async record(input: DeliveryInput): Promise<boolean> {
      const rows = await db
        .insert(deliveries)
        .values(input)
        .onConflictDoNothing({ target: deliveries.id })
        .returning({ id: deliveries.id });
      return rows.length === 1;
    },
    byId: async (id: string): Promise<DeliveryRow | null> =>
      (await db.select().from(deliveries).where(eq(deliveries.id, id)))[0] ?? null,
    byUser: (userId: string): Promise<DeliveryRow[]> =>
      db
        .select()
        .from(deliveries)
        .where(eq(deliveries.userId, userId))
        .orderBy(desc(deliveries.at)),
  };
}
