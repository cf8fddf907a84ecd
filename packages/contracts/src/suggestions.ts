/**
 * "Where should we meet?": the session owner asks which of a few places is fairest to everyone by
 * travel time. One suggestion per session at a time (a new one replaces it); it is gone after
 * SUGGESTION_TTL_SECONDS or as soon as the session's participant set changes.
 *
 * Candidates come either from the owner (places searched for or dropped as pins) or from a kind of
 * place searched around the point that minimises the group's travel (packages/travel
 * `meetingCentre`). The routing worker computes every participant's travel time to every candidate
 * as one matrix job (queue `suggestion-matrix`) and posts it back; the session service ranks the
 * candidates (packages/travel `rankPlaces`): earliest time everyone can be there if they all left
 * at the time of the computation, then the smallest spread (longest − shortest trip), then the
 * smallest total travel time; a place someone cannot reach comes after every place all can reach.
 */
import { z } from 'zod';
import { placeCategorySchema, positionSchema, routeOptionsSchema } from './maps.js';
import { SUGGESTION_MESSAGES } from './messages.js';
import { idSchema, safeText } from './text.js';

/** A suggestion lasts an hour after it was made (then it is gone from every view). */
export const SUGGESTION_TTL_SECONDS = 60 * 60;
/** A kind of place is searched within this many metres of the group's centre. */
export const SUGGESTION_SEARCH_RADIUS_METERS = 50_000;
/** The most candidates a request may carry whatever the plan (the plan table's limit is lower). */
export const SUGGESTION_CANDIDATES_MAX = 50;

export const SUGGESTION_STATUSES = ['pending', 'ready'] as const;
export type SuggestionStatus = (typeof SUGGESTION_STATUSES)[number];
/** 'places': the owner's own candidates; 'category': a kind of place near the group. */
export const SUGGESTION_MODES = ['places', 'category'] as const;

/** A place the owner offers: a search result (with its id and address) or a pin (name and position). */
export const suggestionCandidateInputSchema = z.object({
  name: safeText('Place name', { error: 'Every place needs a name' })
    .trim()
    .min(1, 'Every place needs a name')
    .max(200, 'Place name must be at most 200 characters'),
  position: positionSchema,
  /** The search result's id, when the place came from search. */
  id: safeText('Place id').min(1).max(500).optional(),
  address: safeText('Place address').max(500).optional(),
});
export type SuggestionCandidateInput = z.infer<typeof suggestionCandidateInputSchema>;

/**
 * POST /api/sessions/:id/suggestions (owner): `{ candidates }` or `{ category, limit? }`. `limit`
 * defaults to the plan's candidates per suggestion; more candidates than the plan allows is a 400.
 */
export const createSuggestionBodySchema = z
  .object({
    candidates: z
      .array(suggestionCandidateInputSchema)
      .min(1, 'Choose at least one place')
      .max(SUGGESTION_CANDIDATES_MAX, `Choose at most ${SUGGESTION_CANDIDATES_MAX} places`)
      .optional(),
    category: placeCategorySchema.optional(),
    limit: z.number().int().min(1).max(SUGGESTION_CANDIDATES_MAX).optional(),
  })
  .refine((b) => (b.candidates === undefined) !== (b.category === undefined), {
    error: SUGGESTION_MESSAGES.candidatesOrCategory,
  })
  .refine((b) => b.limit === undefined || b.category !== undefined, {
    error: 'limit goes with category',
    path: ['limit'],
  });
export type CreateSuggestionBody = z.input<typeof createSuggestionBodySchema>;

/** A candidate as stored and shown: `index` is its place in the owner's (or the search's) order; votes name it. */
export const suggestionCandidateSchema = z
  .object({
    index: z.number().int().min(0),
    /** The search result's id, or `suggestion:<suggestionId>:<index>` for a pin (a destination needs an id). */
    id: z.string(),
    name: z.string(),
    address: z.string(),
    position: positionSchema,
    /** Members' votes for it. */
    votes: z.number().int().min(0),
  })
  .meta({ id: 'SuggestionCandidate' });
export type SuggestionCandidate = z.infer<typeof suggestionCandidateSchema>;

/** One participant's travel time to a candidate; null when the provider found no route. */
export const suggestionTravelSchema = z.object({
  participantId: z.string(),
  travelTimeSeconds: z.number().nullable(),
});

/**
 * A ranked candidate. `everyoneBy`: when everyone can be there had they all left at `computedAt`
 * (computedAt + the longest trip, rounded up to the minute); null when someone cannot reach it
 * (`unreachableBy`). `spreadSeconds` (longest − shortest trip) and `totalSeconds` count the trips
 * that have a route.
 */
export const rankedCandidateSchema = suggestionCandidateSchema
  .extend({
    rank: z.number().int().min(1),
    everyoneBy: z.string().nullable(),
    spreadSeconds: z.number().nullable(),
    totalSeconds: z.number().nullable(),
    longestSeconds: z.number().nullable(),
    unreachableBy: z.array(z.string()),
    travel: z.array(suggestionTravelSchema),
  })
  .meta({ id: 'RankedCandidate' });
export type RankedCandidate = z.infer<typeof rankedCandidateSchema>;

/** A participant the suggestion could not count (no position): named so the group knows. */
export const leftOutSchema = z.object({ participantId: z.string(), name: z.string() });

export const suggestionSchema = z
  .object({
    id: z.string(),
    status: z.enum(SUGGESTION_STATUSES),
    mode: z.enum(SUGGESTION_MODES),
    /** The kind of place searched ('category' mode), else null. */
    category: placeCategorySchema.nullable(),
    /** Where a kind of place was searched around: the point minimising the group's travel; null in 'places' mode. */
    centre: positionSchema.nullable(),
    /** In the owner's order ('category' mode: empty until the search is in). */
    candidates: z.array(suggestionCandidateSchema),
    /** Best first; empty while `status` is 'pending'. */
    ranked: z.array(rankedCandidateSchema),
    /** Participants without a position, left out of the comparison. */
    leftOut: z.array(leftOutSchema),
    /** The caller's vote (a candidate's `index`), null when none (or the caller cannot vote). */
    myVote: z.number().int().min(0).nullable(),
    createdAt: z.string(),
    /** When the travel times were computed; null while pending. */
    computedAt: z.string().nullable(),
    expiresAt: z.string(),
  })
  .meta({ id: 'Suggestion' });
export type Suggestion = z.infer<typeof suggestionSchema>;

/** The suggestion as every member sees it alike: without the viewer's own vote (live frames carry it). */
export const sharedSuggestionSchema = suggestionSchema.omit({ myVote: true });
export type SharedSuggestion = z.infer<typeof sharedSuggestionSchema>;

export const suggestionResponseSchema = z.object({ suggestion: suggestionSchema });
export type SuggestionResponse = z.infer<typeof suggestionResponseSchema>;

export const suggestionParamsSchema = z.object({
  id: idSchema('Session id'),
  sid: idSchema('Suggestion id'),
});

/** POST /api/sessions/:id/suggestions/:sid/votes: a candidate's `index`, or null to withdraw (as DELETE does). One vote per participant; voting again moves it. */
export const suggestionVoteBodySchema = z.object({
  index: z.number().int().min(0, SUGGESTION_MESSAGES.voteIndex).nullable(),
});
export type SuggestionVoteBody = z.infer<typeof suggestionVoteBodySchema>;

// ── The matrix job (routing worker ⇄ session service, internal) ──

/**
 * Queue `suggestion-matrix`, one job per suggestion (job id = suggestion id). Like route-matrix jobs
 * it carries ids only: the worker reads the input when it runs.
 */
export const suggestionMatrixJobSchema = z.object({
  sessionId: z.string(),
  suggestionId: z.string(),
  requestedAt: z.string(),
});
export type SuggestionMatrixJob = z.infer<typeof suggestionMatrixJobSchema>;

/**
 * GET /internal/sessions/:id/suggestions/:sid/matrix-input: the participants with a position
 * (origins) and either the candidates or, in 'category' mode, the search the worker makes first.
 */
export const suggestionMatrixInputSchema = z.object({
  sessionId: z.string(),
  suggestionId: z.string(),
  origins: z.array(
    z.object({
      participantId: z.string(),
      lat: z.number(),
      lon: z.number(),
      routeOptions: routeOptionsSchema,
    }),
  ),
  candidates: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      address: z.string(),
      position: positionSchema,
    }),
  ),
  /** Set in 'category' mode (candidates then empty): the worker asks the provider's nearby search. */
  search: z
    .object({
      category: placeCategorySchema,
      centre: positionSchema,
      radiusMeters: z.number().int().positive(),
      limit: z.number().int().min(1),
    })
    .nullable(),
});
export type SuggestionMatrixInput = z.infer<typeof suggestionMatrixInputSchema>;

/**
 * POST /internal/sessions/:id/suggestions/:sid/matrix: the worker's answer. `travel[c][p]` is
 * participant `participantIds[p]`'s travel time to `candidates[c]` leaving at `computedAt` (null:
 * no route). In 'category' mode `candidates` are the places found (possibly none).
 */
export const suggestionMatrixResultBodySchema = z.object({
  jobId: z.string(),
  computedAt: z.iso.datetime({ offset: true }),
  participantIds: z.array(z.string()),
  candidates: suggestionMatrixInputSchema.shape.candidates,
  travel: z.array(z.array(z.number().min(0).nullable())),
});
export type SuggestionMatrixResultBody = z.infer<typeof suggestionMatrixResultBodySchema>;

/** 'stored'; 'gone': the suggestion expired or was replaced meanwhile (the worker drops the job). */
export const suggestionMatrixStoredSchema = z.object({ outcome: z.enum(['stored', 'gone']) });

/** A finished suggestion-matrix job's return value (BullMQ `returnvalue`). */
export const suggestionMatrixJobResultSchema = z.object({
  outcome: z.enum(['computed', 'all_cached', 'no_origins', 'gone']),
  origins: z.number().int(),
  candidates: z.number().int(),
  /** Cells answered from the cache, computed by the provider, and the provider calls made. */
  cachedKeys: z.number().int(),
  cells: z.number().int(),
  providerCalls: z.number().int(),
});
export type SuggestionMatrixJobResult = z.infer<typeof suggestionMatrixJobResultSchema>;
