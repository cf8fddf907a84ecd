import { sql } from 'drizzle-orm';
import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgSchema,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { Destination, PlaceCategory, Plan, Position, RouteOptions } from '@oneeta/contracts';
import { outboxTable } from '@oneeta/service-kit';

/** The session service's own Postgres schema; no other service reads it. */
export const session = pgSchema('session');

const at = (name: string) => timestamp(name, { withTimezone: true });

export const sessions = session.table(
  'sessions',
  {
    id: text('id').primaryKey(),
    creatorUserId: text('creator_user_id').notNull(),
    /** The owner's plan as of their last authenticated save/invite (participant limits on accept). */
    ownerPlan: text('owner_plan').$type<Plan>().notNull().default('free'),
    destination: jsonb('destination').$type<Destination>(),
    tzId: text('tz_id'),
    arriveAt: at('arrive_at'),
    travelMode: text('travel_mode').notNull().default('car'),
    isClosed: boolean('is_closed').notNull().default(false),
    closedAt: at('closed_at'),
    earliestArrival: at('earliest_arrival'),
    /** computedAt of the newest travel.computed stored; older events arriving late are ignored. */
    travelComputedAt: at('travel_computed_at'),
    chatSyncRequestedAt: at('chat_sync_requested_at'),
    /** The owner was told who had not arrived (issue 15); cleared when the arrival time moves. */
    noShowNotifiedAt: at('no_show_notified_at'),
    /** Location sharing ended (everyone arrived, or 2 h past the arrival time); cleared when the arrival time moves. */
    sharingEndedAt: at('sharing_ended_at'),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('sessions_creator_idx').on(t.creatorUserId, t.isClosed, t.updatedAt),
    // The live check's sweep: open sessions by arrival time.
    index('sessions_live_idx')
      .on(t.arriveAt)
      .where(sql`${t.isClosed} = false`),
  ],
);

/**
 * One row per participant, so members syncing at the same moment update different rows and
 * never overwrite each other. `id` is 'user:<userId>' for signed-in members.
 */
export const participants = session.table(
  'participants',
  {
    sessionId: text('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    id: text('id').notNull(),
    userId: text('user_id'),
    name: text('name').notNull().default(''),
    email: text('email'),
    lat: doublePrecision('lat'),
    lon: doublePrecision('lon'),
    accuracy: doublePrecision('accuracy'),
    /** 'device' or 'address' (a typed starting address); null before it was recorded. */
    locationSource: text('location_source', { enum: ['device', 'address'] }),
    status: text('status', { enum: ['active', 'pending', 'left'] })
      .notNull()
      .default('active'),
    isOwner: boolean('is_owner').notNull().default(false),
    routeOptions: jsonb('route_options')
      .$type<RouteOptions>()
      .notNull()
      .default({ travelMode: 'car', routeType: 'fastest', avoidTolls: false }),
    enroute: boolean('enroute').notNull().default(false),
    travelTimeSeconds: integer('travel_time_seconds'),
    distanceMeters: integer('distance_meters'),
    departureTime: at('departure_time'),
    arrivalTime: at('arrival_time'),
    travelOk: boolean('travel_ok'),
    /** Since when their device position has been within the arrival radius (null: not near). */
    nearSince: at('near_since'),
    /** Detected at the destination (issue 15); cleared once they are well away again. */
    arrivedAt: at('arrived_at'),
    /** The lateness (minutes) the group was last told about; null while not late. */
    lateNotifiedMinutes: integer('late_notified_minutes'),
    position: integer('position').notNull().default(0),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('participants_pk').on(t.sessionId, t.id),
    uniqueIndex('participants_user_unique')
      .on(t.sessionId, t.userId)
      .where(sql`${t.userId} is not null`),
    index('participants_user_idx').on(t.userId, t.status),
  ],
);

export const invites = session.table(
  'invites',
  {
    id: text('id').primaryKey(),
    sessionId: text('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    name: text('name').notNull().default(''),
    email: text('email').notNull(),
    code: text('code').notNull(),
    status: text('status', { enum: ['pending', 'accepted', 'declined'] })
      .notNull()
      .default('pending'),
    inviterUserId: text('inviter_user_id').notNull(),
    inviterName: text('inviter_name'),
    participantId: text('participant_id'),
    acceptedUserId: text('accepted_user_id'),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('invites_code_unique').on(t.sessionId, t.code),
    index('invites_session_idx').on(t.sessionId, t.status),
    // GET /api/sessions/my-invites: a verified e-mail's pending invites.
    index('invites_pending_email_idx')
      .on(sql`lower(${t.email})`)
      .where(sql`${t.status} = 'pending'`),
  ],
);

/**
 * Each session's change counter (Session.revision), bumped by every change that nudges /ws. A row
 * of its own, locked last in a change's transaction (see changes/notify.ts), so the bump adds no lock-order
 * cycle with the session and participant rows the change wrote before.
 */
export const revisions = session.table('revisions', {
  sessionId: text('session_id')
    .primaryKey()
    .references(() => sessions.id, { onDelete: 'cascade' }),
  revision: integer('revision').notNull().default(0),
});

/** A candidate place as stored (its index is its place in the array). */
export interface StoredCandidate {
  id: string;
  name: string;
  address: string;
  position: Position;
}

/**
 * The session's current "Where should we meet?" suggestion (one per session: a new one replaces
 * it). It counts until `expiresAt` and while the session's active participants are
 * `participantIds`; `travel[c][p]` is `originIds[p]`'s travel seconds to candidate c (null: no route).
 */
export const suggestions = session.table('suggestions', {
  id: text('id').primaryKey(),
  sessionId: text('session_id')
    .notNull()
    .unique('suggestions_session_unique')
    .references(() => sessions.id, { onDelete: 'cascade' }),
  createdBy: text('created_by').notNull(),
  mode: text('mode', { enum: ['places', 'category'] }).notNull(),
  category: text('category').$type<PlaceCategory>(),
  centre: jsonb('centre').$type<Position>(),
  /** How many places a category search may bring. */
  searchLimit: integer('search_limit'),
  candidates: jsonb('candidates').$type<StoredCandidate[]>().notNull(),
  participantIds: jsonb('participant_ids').$type<string[]>().notNull(),
  originIds: jsonb('origin_ids').$type<string[]>(),
  travel: jsonb('travel').$type<(number | null)[][]>(),
  computedAt: at('computed_at'),
  createdAt: at('created_at').notNull().defaultNow(),
  expiresAt: at('expires_at').notNull(),
});

/** One vote per participant and suggestion (moving it updates the row). */
export const suggestionVotes = session.table(
  'suggestion_votes',
  {
    suggestionId: text('suggestion_id')
      .notNull()
      .references(() => suggestions.id, { onDelete: 'cascade' }),
    participantId: text('participant_id').notNull(),
    candidateIndex: integer('candidate_index').notNull(),
    votedAt: at('voted_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('suggestion_votes_pk').on(t.suggestionId, t.participantId)],
);

export type SessionRow = typeof sessions.$inferSelect;
export type SuggestionRow = typeof suggestions.$inferSelect;
export type SuggestionVoteRow = typeof suggestionVotes.$inferSelect;
export type ParticipantRow = typeof participants.$inferSelect;
export type InviteRow = typeof invites.$inferSelect;

/** Events, jobs and nudges written with the change that implies them; the outbox relay delivers them. */
export const outbox = outboxTable(session);

/**
 * What stands in for a deleted account where a user id must stay (the owner of a session nobody
 * took over, the sender of an invite someone accepted). No account ever has this id.
 */
export const DELETED_ACCOUNT = 'deleted-account';
