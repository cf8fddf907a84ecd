import { sql } from 'drizzle-orm';
import type { Database } from '@oneeta/service-kit';

/**
 * Takes the user's plan-usage lock until the transaction ends. Every write that checks and then
 * changes what a user's plan counts (open sessions they own or have joined) takes it first, so two
 * such writes of one user run one after the other on PostgreSQL; PGlite runs them one at a time anyway.
 */
export async function lockUserUsage(tx: Pick<Database, 'execute'>, userId: string): Promise<void> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtext(${`oneeta:session-usage:${userId}`}::text))`,
  );
}
