import { z } from 'zod';
import { SESSION_ID_PATTERN } from './constants.js';
import { planSchema } from './plan-schema.js';
import { positionSchema, routeOptionsSchema } from './maps.js';
import { suggestionSchema } from './suggestions.js';
import { cursorSchema, idSchema, participantIdSchema, safeText } from './text.js';

export const sessionIdSchema = z
  .string()
  .regex(SESSION_ID_PATTERN, 'Session id must be 7 characters from a–z and 2–9 without i, l, o');

export const SESSION_STATUSES = ['open', 'closed'] as const;
export const PARTICIPANT_STATUSES = ['active', 'pending', 'left'] as const;
/** Where a participant's position came from: their device, or an address they typed when joining. */
export const LOCATION_SOURCES = ['device', 'address'] as const;
export type LocationSource = (typeof LOCATION_SOURCES)[number];
export const INVITE_STATUSES = ['pending', 'accepted', 'declined'] as const;

const latitude = z.number().min(-90).max(90);
const longitude = z.number().min(-180).max(180);
const isoDate = z.iso.datetime({ offset: true, error: 'Expected an ISO date-time' });

/** A destination confirmed from a search result: it has an id and a position. */
export const destinationSchema = z
  .object({
    id: safeText('Destination id', { error: 'Confirm a destination from the search results' })
      .min(1, 'Confirm a destination from the search results')
      .max(500, 'Destination id must be at most 500 characters'),
    name: safeText('Destination name').max(200).default('Selected place'),
    address: safeText('Destination address').max(500).default(''),
    position: positionSchema,
  })
  .meta({ id: 'Destination' });
export type Destination = z.infer<typeof destinationSchema>;

/** A participant as a client sends it (session save and participant sync). */
export const participantInputSchema = z.object({
  id: participantIdSchema(),
  name: safeText('Participant name').max(80).optional(),
  label: safeText('Participant label').max(80).optional(),
  lat: latitude,
  lon: longitude,
  /** Where the position comes from: the device, or a typed starting address (unknown when absent). */
  locationSource: z.enum(LOCATION_SOURCES).optional(),
});
export type ParticipantInput = z.infer<typeof participantInputSchema>;

/** A participant as the server answers it. */
export const participantSchema = z
  .object({
    id: z.string(),
    userId: z.string().nullable(),
    name: z.string(),
    label: z.string(),
    email: z.string().nullable().optional(),
    lat: z.number().nullable(),
    lon: z.number().nullable(),
    pending: z.boolean(),
    status: z.enum(PARTICIPANT_STATUSES),
    isOwner: z.boolean(),
    routeOptions: routeOptionsSchema,
    enroute: z.boolean(),
    travelTimeSeconds: z.number().nullable(),
    distanceMeters: z.number().nullable(),
    departureTime: z.string().nullable(),
    arrivalTime: z.string().nullable(),
    updatedAt: z.string(),
    /** 'address' when the position is a typed starting address; null when unknown (older rows). */
    locationSource: z.enum(LOCATION_SOURCES).nullish(),
    /** When they were detected at the destination (issue 15: ARRIVAL_RADIUS_METERS for ARRIVAL_DWELL_SECONDS); null while not there. */
    arrivedAt: z.string().nullish(),
    /** Whole minutes their ETA (now + travel time) falls after the arrival time, once more than LATE_AFTER_MINUTES; null while not late. */
    minutesLate: z.number().int().positive().nullish(),
  })
  .meta({ id: 'Participant' });
export type Participant = z.infer<typeof participantSchema>;

export const inviteSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    email: z.string().nullable().optional(),
    phone: z.string().nullable().optional(),
    /** Only the owner (and the invitee holding it) ever sees the code. */
    code: z.string().optional(),
    status: z.enum(INVITE_STATUSES),
    pending: z.boolean(),
    createdAt: z.string(),
    inviterName: z.string().nullable(),
  })
  .meta({ id: 'Invite' });
export type Invite = z.infer<typeof inviteSchema>;

export const travelResultSchema = z
  .object({
    participantId: z.string(),
    ok: z.boolean(),
    travelTimeSeconds: z.number().nullable(),
    distanceMeters: z.number().nullable(),
    departureTime: z.string().nullable(),
    arrivalTime: z.string().nullable(),
  })
  .meta({ id: 'TravelResult' });
export type TravelResult = z.infer<typeof travelResultSchema>;

export const travelSummarySchema = z
  .object({
    arriveAt: z.string().nullable(),
    mode: z.string(),
    count: z.number().int(),
    results: z.array(travelResultSchema),
    earliestArrival: z.string().nullable(),
  })
  .meta({ id: 'TravelSummary' });

export const sessionSchema = z
  .object({
    sessionId: z.string(),
    destination: destinationSchema.nullable(),
    tzId: z.string().nullable(),
    arriveAt: z.string().nullable(),
    travelMode: z.string(),
    participants: z.array(participantSchema),
    invites: z.array(inviteSchema),
    /** The owner's account id; null in the anonymous (guest) view. */
    creatorUserId: z.string().nullable(),
    isClosed: z.boolean(),
    closedAt: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
    travel: travelSummarySchema,
    /** 'owner' | 'participant' | 'invitee' | 'admin' | 'guest' — how the caller sees it. */
    viewerRole: z.enum(['owner', 'participant', 'invitee', 'admin', 'guest']),
    /** While someone is late: the earliest arrival everyone can now make, to the minute (the owner is offered to move to it). */
    suggestedArriveAt: z.string().nullish(),
    /** Location sharing has ended (everyone arrived, or SHARING_ENDS_AFTER_HOURS past the arrival time): PUT /api/location no longer touches it. */
    sharingEnded: z.boolean().optional(),
    /**
     * Counts the session's changes: it goes up with every change that sends `refresh-session` on
     * /ws. Read before the rest of the answer, so it is never newer than what the answer shows; the
     * /ws `subscribed` frame carries the current one, and a page whose copy is as new skips its
     * catch-up fetch.
     */
    revision: z.number().int().min(0),
    /**
     * Invites that hold a place against the owner's plan: pending ones plus accepted ones whose
     * person is still an active participant (`countInvitesUsed`), the count the server checks a new
     * invite against. Someone who left or was removed frees their place.
     */
    invitesUsed: z.number().int().min(0).optional(),
    /**
     * The current "Where should we meet?" suggestion (suggestions.ts), as the caller sees it (their
     * own vote); null when there is none, it expired or the participants changed; absent for guests.
     */
    suggestion: suggestionSchema.nullish(),
  })
  .meta({ id: 'Session' });
export type Session = z.infer<typeof sessionSchema>;
export const sessionResponseSchema = z.object({ session: sessionSchema });

/** POST /api/sessions — create, or save changes as the owner (upsert). */
export const saveSessionBodySchema = z.object({
  sessionId: sessionIdSchema,
  destination: destinationSchema.nullish(),
  tzId: safeText('Time zone').min(1).max(64).nullish(),
  arriveAt: isoDate.nullish(),
  travelMode: z.enum(['car']).default('car'),
  participants: z.array(participantInputSchema).max(60).default([]),
  travel: z.unknown().optional(),
});
export type SaveSessionBody = z.input<typeof saveSessionBodySchema>;

export const listSessionsQuerySchema = z.object({
  status: z.enum(SESSION_STATUSES).default('open'),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  cursor: cursorSchema.optional(),
});

export const sessionListItemSchema = z
  .object({
    sessionId: z.string(),
    destinationName: z.string().nullable(),
    arriveAt: z.string().nullable(),
    tzId: z.string().nullable(),
    participantCount: z.number().int(),
    isClosed: z.boolean(),
    closedAt: z.string().nullable(),
    updatedAt: z.string(),
    role: z.enum(['owner', 'participant']),
  })
  .meta({ id: 'SessionListItem' });
export const sessionListResponseSchema = z.object({
  items: z.array(sessionListItemSchema),
  nextCursor: z.string().nullable(),
});

export const sessionLimitsResponseSchema = z.object({
  plan: planSchema,
  limits: z.object({
    canCreateSessions: z.boolean(),
    maxJoinedOpenSessions: z.number().int().nullable(),
    maxOwnOpenSessions: z.number().int().nullable(),
    maxParticipants: z.number().int(),
    maxInvitesPerSession: z.number().int(),
    canEditSavedSession: z.boolean(),
    /** Places one suggestion may compare (the plan table's `suggestionCandidates`). */
    maxSuggestionCandidates: z.number().int(),
  }),
  usage: z.object({
    openTotal: z.number().int(),
    ownedOpen: z.number().int(),
    joinedOpen: z.number().int(),
  }),
});
export type SessionLimits = z.infer<typeof sessionLimitsResponseSchema>;

export const syncParticipantsBodySchema = z.object({
  participants: z.array(participantInputSchema).min(1).max(60),
});
export const participantsResponseSchema = z.object({ participants: z.array(participantSchema) });
export const participantResponseSchema = z.object({ participant: participantSchema });

/** PUT /api/location — the device's position (doc 1 §3 "Device location record"). */
export const locationBodySchema = z
  .object({
    latitude,
    longitude,
    accuracy: z.number().min(0).max(100_000),
    altitude: z.number().nullish(),
    altitudeAccuracy: z.number().min(0).nullish(),
    heading: z.number().min(0).max(360).nullish(),
    speed: z.number().min(0).nullish(),
    timestamp: z.number().int().positive(),
    device: safeText('Device').max(300).optional(),
  })
  .meta({
    examples: [
      { latitude: 47.6062, longitude: -122.3321, accuracy: 12, timestamp: 1_767_225_600_000 },
    ],
  });
export const locationResponseSchema = z.object({ updated: z.array(z.string()) });

export const routeOptionsBodySchema = routeOptionsSchema;
export const enrouteBodySchema = z.object({ enroute: z.boolean() });
export const closeSessionBodySchema = z.object({
  confirm: z.literal(true, { error: 'Confirm closing the session' }),
});
/** Path ids are strict (letters, digits, '_', '-'; a participant id may be scoped 'user:<id>'): junk is a 400, never a query. */
export const sessionParamsSchema = z.object({ id: idSchema('Session id') });
export const participantParamsSchema = z.object({
  id: idSchema('Session id'),
  pid: participantIdSchema(),
});
/** GET /internal/sessions/:id/members/:userId */
export const memberParamsSchema = sessionParamsSchema.extend({ userId: idSchema('User id', 100) });

/**
 * GET /internal/sessions/:id/members/:userId?email= — the /ws hub asks with the user's e-mail too,
 * so an invitee whose invite is not yet tied to their account (invited by e-mail) is a member.
 */
export const membershipQuerySchema = z.object({
  email: safeText('E-mail').trim().toLowerCase().min(3).max(320).optional(),
});

export const membershipResponseSchema = z.object({
  member: z.boolean(),
  role: z.enum(['owner', 'participant', 'invitee']).nullable(),
});

/** GET /internal/sessions/:id/revision — the /ws hub puts it on the `subscribed` frame. */
export const sessionRevisionResponseSchema = z.object({ revision: z.number().int().min(0) });

/** POST /api/sessions/:id/ensure-chat-members — the owner asks for chat membership to be synced. */
export const ensureChatMembersResponseSchema = z.object({
  ok: z.literal(true),
  requestedAt: z.string(),
});

/**
 * A refused POST /api/sessions: `{ error, code }`; 'Selected time is too early' (code 'too_early')
 * also carries the earliest time everyone can meet.
 */
export const saveSessionErrorSchema = z
  .object({
    error: z.string(),
    code: z.string().optional(),
    earliestArrival: z.string().optional(),
  })
  .meta({ id: 'SaveSessionError' });
