import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '@oneeta/service-kit';
import { tokenKeys } from './schema.js';

/**
 * The signing secret: the env's when given, else the one stored on first start. Two replicas
 * starting at once agree: the insert keeps the first row and both read it back.
 */
export async function loadTokenSecret(db: Database, given: string | undefined): Promise<string> {
  if (given) return given;
  const read = async () => (await db.select().from(tokenKeys).where(eq(tokenKeys.id, 1)))[0];
  const stored = await read();
  if (stored) return stored.secret;
  await db
    .insert(tokenKeys)
    .values({ id: 1, secret: randomBytes(48).toString('base64url') })
    .onConflictDoNothing({ target: tokenKeys.id });
  return (await read())!.secret;
}
