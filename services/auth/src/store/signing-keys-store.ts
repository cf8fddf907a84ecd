import { asc } from 'drizzle-orm';
import type { JWK } from 'jose';
import type { Database } from '@oneeta/service-kit';
import { signingKeys } from './schema.js';

/** The oldest stored private signing key (every replica signs with it). */
export async function oldestKey(db: Database): Promise<JWK | undefined> {
  const [stored] = await db.select().from(signingKeys).orderBy(asc(signingKeys.createdAt)).limit(1);
  return stored?.privateJwk as JWK | undefined;
}

/** Stores a signing key pair under its kid. */
export async function addKey(
  db: Database,
  privateJwk: JWK & { kid: string },
  publicJwk: JWK,
): Promise<void> {
  await db.insert(signingKeys).values({ kid: privateJwk.kid, privateJwk, publicJwk });
}
