import { z } from 'zod';
import { NAME_MAX_CHARS } from './constants.js';
import { MESSAGES } from './messages.js';
import {
  LOCATION_SOURCES,
  destinationSchema,
  inviteSchema,
  participantInputSchema,
  participantSchema,
  sessionSchema,
} from './sessions.js';
import { idSchema, plainName, safeText } from './text.js';

// Invites to a session: asking someone, the invitee's view and answer, and the service-side reads.

const { lat: latitude, lon: longitude } = participantInputSchema.shape;

/**
 * doc 1 §5, §9: the invites a session holds against its owner's plan, "accepted plus pending":
 * every pending invite, and every accepted one whose person is still an active participant (each
 * person once, however many invites they accepted). People who left or were removed free their
 * place. The server checks a new invite against this and answers it as `invitesUsed`.
 */
export function countInvitesUsed(
  invites: ReadonlyArray<{ status: string; participantId?: string | null }>,
  participants: ReadonlyArray<{ id: string; status: string }>,
): number {
  const active = new Set(participants.filter((p) => p.status === 'active').map((p) => p.id));
  const accepted = new Set<string>();
  let pending = 0;
  for (const invite of invites) {
    if (invite.status === 'pending') pending += 1;
    else if (
      invite.status === 'accepted' &&
      invite.participantId &&
      active.has(invite.participantId)
    ) {
      accepted.add(invite.participantId);
    }
  }
  return pending + accepted.size;
}

export const createInviteBodySchema = z.object({
  name: plainName('Invite name')
    .trim()
    .max(NAME_MAX_CHARS, `Name must be at most ${NAME_MAX_CHARS} characters`)
    .default(''),
  email: z
    .string({ error: MESSAGES.provideEmail })
    .trim()
    .toLowerCase()
    .min(1, MESSAGES.provideEmail)
    .email({ error: 'Please enter a valid email address' }),
});
export const inviteResponseSchema = z.object({ invite: inviteSchema });
/** POST /api/sessions/:id/invites → the invite, and whether an e-mail goes to the invitee (if not, `emailNotice` says why). */
export const createInviteResponseSchema = inviteResponseSchema.extend({
  emailSent: z.boolean(),
  emailNotice: z.string().optional(),
});
/** POST /api/sessions/:id/invite/:code/accept → the new participant and the session as they now see it. */
export const acceptInviteResponseSchema = z.object({
  participant: participantSchema,
  session: sessionSchema,
});

export const inviteParamsSchema = z.object({
  id: idSchema('Session id'),
  code: idSchema('Invite code', 200),
});
export const acceptInviteBodySchema = z.object({
  code: safeText('Invite code').max(200).optional(),
  lat: latitude.nullish(),
  lon: longitude.nullish(),
  /** 'address': lat/lon are a typed starting address, not the device's position (default 'device'). */
  locationSource: z.enum(LOCATION_SOURCES).optional(),
});
/** The invite as the invitee sees it while deciding. */
export const inviteViewResponseSchema = z.object({
  invite: inviteSchema,
  session: z.object({
    sessionId: z.string(),
    destination: destinationSchema.nullable(),
    arriveAt: z.string().nullable(),
    tzId: z.string().nullable(),
    isClosed: z.boolean(),
  }),
});

/** GET /api/sessions/my-invites?limit= — pending invites addressed to the caller's verified e-mail. */
export const MY_INVITES_MAX = 50;
export const myInvitesQuerySchema = z.object({
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(MY_INVITES_MAX, `limit must be at most ${MY_INVITES_MAX}`)
    .default(20),
});
/** One pending invite as its invitee sees it on /sessions: where, when, from whom, and their own code. */
export const myInviteSchema = z
  .object({
    inviteId: z.string(),
    sessionId: z.string(),
    code: z.string(),
    name: z.string(),
    inviterName: z.string().nullable(),
    destinationName: z.string().nullable(),
    arriveAt: z.string().nullable(),
    tzId: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'MyInvite' });
export type MyInvite = z.infer<typeof myInviteSchema>;
/** Newest first; `emailVerified` false says why the list is empty (invites match verified e-mails only). */
export const myInvitesResponseSchema = z.object({
  items: z.array(myInviteSchema),
  emailVerified: z.boolean(),
});
export type MyInvitesResponse = z.infer<typeof myInvitesResponseSchema>;

export const inviteIdParamsSchema = z.object({
  id: idSchema('Session id'),
  inviteId: idSchema('Invite id', 100),
});
/**
 * GET /internal/sessions/:id/invites/:inviteId: what the invite e-mail says (the notification
 * service asks on invite.created, whose event carries no code on purpose).
 */
export const internalInviteResponseSchema = z.object({
  inviteId: z.string(),
  sessionId: z.string(),
  code: z.string(),
  email: z.string(),
  name: z.string(),
  status: z.enum(['pending', 'accepted', 'declined']),
  inviterUserId: z.string(),
  inviterName: z.string().nullable(),
  /** The session's owner: the notification ledger counts the e-mail to them. */
  creatorUserId: z.string(),
  destinationName: z.string().nullable(),
  destinationAddress: z.string().nullable(),
  arriveAt: z.string().nullable(),
  /** The destination's IANA time zone (null when not known yet). */
  tzId: z.string().nullable(),
});
export type InternalInvite = z.infer<typeof internalInviteResponseSchema>;
