import { sql } from 'drizzle-orm';
import {
  boolean,
  integer,
  jsonb,
  pgSchema,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { outboxTable } from '@oneeta/service-kit';

/** The auth service's own Postgres schema; no other service reads it. */
export const auth = pgSchema('auth');

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

export const users = auth.table(
  'users',
  {
    id: text('id').primaryKey(),
    email: text('email').notNull(),
    name: text('name'),
    passwordHash: text('password_hash').notNull(),
    plan: text('plan', { enum: ['free', 'standard', 'premium', 'enterprise'] })
      .notNull()
      .default('free'),
    isAdmin: boolean('is_admin').notNull().default(false),
    phoneNumber: text('phone_number'),
    phoneVerified: boolean('phone_verified').notNull().default(false),
    /** When the owner followed the verification link sent to the current e-mail; null = unverified. */
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    /** Tokens signed with a lower version are revoked (password changed or reset, signed out everywhere). */
    tokenVersion: integer('token_version').notNull().default(0),
    /** Signed-out sign-ins whose tokens may not have expired yet (`until`: when the last one has). */
    revokedSessions: jsonb('revoked_sessions').$type<RevokedSession[]>().notNull().default([]),
    ...timestamps,
  },
  (table) => [uniqueIndex('users_email_unique').on(sql`lower(${table.email})`)],
);

export interface RevokedSession {
  id: string;
  /** ISO time after which no token of that sign-in is valid anyway. */
  until: string;
}

/**
 * One pending password reset per account: the request (the e-mail it was asked for) and, once the
 * notification service fetched the link, the SHA-256 of its token (the token itself is never stored).
 */
export const passwordResets = auth.table(
  'password_resets',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    requestId: text('request_id').notNull(),
    email: text('email').notNull(),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    tokenHash: text('token_hash'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (table) => [uniqueIndex('password_resets_token_hash_unique').on(table.tokenHash)],
);
export type PasswordResetRow = typeof passwordResets.$inferSelect;

/** One pending phone verification per user; the code is stored hashed. */
export const phoneVerifications = auth.table('phone_verifications', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  phone: text('phone').notNull(),
  codeHash: text('code_hash').notNull(),
  attempts: integer('attempts').notNull().default(0),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/** Messages the embedded SMS adapter "sent" (the real provider replaces it). */
export const smsOutbox = auth.table('sms_outbox', {
  id: text('id').primaryKey(),
  to: text('to').notNull(),
  body: text('body').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Token signing keys (Ed25519 JWKs), generated on first start unless given by env. */
export const signingKeys = auth.table('signing_keys', {
  kid: text('kid').primaryKey(),
  privateJwk: jsonb('private_jwk').notNull(),
  publicJwk: jsonb('public_jwk').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export type UserRow = typeof users.$inferSelect;

/** user.changed events written with the change that implies them; the outbox relay delivers them. */
export const outbox = outboxTable(auth);
