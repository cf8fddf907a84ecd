import {
  createSuggestionBodySchema,
  planLimits,
  SESSION_MESSAGES,
  SUGGESTION_MESSAGES,
  sessionParamsSchema,
  suggestionParamsSchema,
  suggestionResponseSchema,
  suggestionVoteBodySchema,
} from '@oneeta/contracts';
import { errorSchema, HttpError, type App, type AuthUser, type Guards } from '@oneeta/service-kit';
import { createSuggestion } from '../actions/suggestions.js';
import type { SessionContext } from '../context.js';
import { isMember } from '../domain/access.js';
import { SUGGESTION_REASON, SUGGESTION_TOUCHED } from '../domain/session-changes.js';
import {
  candidateLimitRefusal,
  origins,
  suggestionState,
  suggestionView,
} from '../domain/suggestions.js';
import type { LoadedSession } from '../store/sessions-store.js';
import { createSuggestionsStore } from '../store/suggestions-store.js';

const errors = { 400: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };

/**
 * "Where should we meet?" (contracts suggestions.ts): the owner proposes places or a kind of place,
 * members read the ranking and vote. Strangers get what the session gives them elsewhere (403 for a
 * signed-in non-member, 404 for an unknown session).
 */
export function suggestionRoutes(app: App, ctx: SessionContext, guards: Guards) {
  /** The caller's active participant row (a voter), if any. */
  const voterOf = (loaded: LoadedSession, user: AuthUser) =>
    loaded.participants.find((p) => p.userId === user.id && p.status === 'active') ?? null;

  /** The session's suggestion `sid` while it counts: 404 when unknown or replaced, 404 'expired' once gone. */
  const current = (loaded: LoadedSession, sid: string) => {
    const stored = loaded.suggestion;
    if (!stored || stored.row.id !== sid)
      throw new HttpError(404, SUGGESTION_MESSAGES.notFound, 'suggestion_not_found');
    if (suggestionState(stored.row, loaded.participants, new Date()) !== 'current')
      throw new HttpError(404, SUGGESTION_MESSAGES.expired, 'suggestion_expired');
    return stored;
  };

  const answer = async (sessionId: string, sid: string, user: AuthUser) => {
    const loaded = await ctx.access(sessionId, user);
    const stored = current(loaded, sid);
    return {
      suggestion: suggestionView(stored, loaded.participants, voterOf(loaded, user)?.id ?? null),
    };
  };

  app.post(
    '/api/sessions/:id/suggestions',
    {
      preHandler: guards.requireUser,
      config: { access: 'owner' },
      schema: {
        tags: ['suggestions'],
        operationId: 'createSuggestion',
        summary:
          'Where should we meet? Rank places (given, or of a kind near the group) by when everyone can be there (owner)',
        params: sessionParamsSchema,
        body: createSuggestionBodySchema,
        response: { ...errors, 201: suggestionResponseSchema },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const user = request.user!;
      const loaded = await ctx.access(id, user);
      if (loaded.role !== 'owner')
        throw new HttpError(403, SESSION_MESSAGES.onlyOwner, 'only_owner');
      ctx.assertOpen(loaded);
      const body = request.body;
      // The owner's current plan (their account, read fresh) sets how many places one suggestion compares.
      const limit = body.limit ?? planLimits(user.plan).suggestionCandidates;
      const refusal = candidateLimitRefusal(user.plan, body.candidates?.length ?? limit);
      if (refusal) throw new HttpError(400, refusal, 'suggestion_limit');
      if (origins(loaded.participants).length === 0)
        throw new HttpError(400, SUGGESTION_MESSAGES.noPositions, 'no_positions');
      const sid = await ctx.write((tx, changed) =>
        createSuggestion(tx, changed, ctx.outbox, {
          sessionId: id,
          userId: user.id,
          plan: user.plan,
          participants: loaded.participants,
          body: { ...body, limit },
          now: new Date(),
        }),
      );
      return reply.status(201).send(await answer(id, sid, user));
    },
  );

  app.get(
    '/api/sessions/:id/suggestions/:sid',
    {
      preHandler: guards.requireUser,
      config: { access: 'member' },
      schema: {
        tags: ['suggestions'],
        operationId: 'getSuggestion',
        summary: 'A suggestion of where to meet, ranked once the travel times are in (members)',
        params: suggestionParamsSchema,
        response: { ...errors, 200: suggestionResponseSchema },
      },
    },
    async (request) => answer(request.params.id, request.params.sid, request.user!),
  );

  /** Records, moves or withdraws (null) the caller's vote. */
  const vote = async (sessionId: string, sid: string, user: AuthUser, index: number | null) => {
    const loaded = await ctx.access(sessionId, user);
    const voter = voterOf(loaded, user);
    if (!isMember(loaded.role) || !voter)
      throw new HttpError(403, SUGGESTION_MESSAGES.onlyParticipantsVote, 'not_voter');
    ctx.assertOpen(loaded);
    const stored = current(loaded, sid);
    if (index !== null && index >= stored.row.candidates.length)
      throw new HttpError(400, SUGGESTION_MESSAGES.voteIndex, 'bad_vote');
    await ctx.write(async (tx, changed) => {
      const store = createSuggestionsStore(tx);
      // Under the suggestion's lock: a vote never lands on one that was just replaced.
      if (!(await store.lock(sessionId, sid)))
        throw new HttpError(404, SUGGESTION_MESSAGES.notFound, 'suggestion_not_found');
      if (await store.vote(sid, voter.id, index))
        changed(sessionId, SUGGESTION_REASON, undefined, SUGGESTION_TOUCHED);
    });
    return answer(sessionId, sid, user);
  };

  app.post(
    '/api/sessions/:id/suggestions/:sid/votes',
    {
      preHandler: guards.requireUser,
      config: { access: 'member' },
      schema: {
        tags: ['suggestions'],
        operationId: 'voteSuggestion',
        summary:
          'Vote for one suggested place by its index (one vote each; again moves it; null withdraws it) (participants)',
        params: suggestionParamsSchema,
        body: suggestionVoteBodySchema,
        response: { ...errors, 200: suggestionResponseSchema },
      },
    },
    async (request) =>
      vote(request.params.id, request.params.sid, request.user!, request.body.index),
  );

  app.delete(
    '/api/sessions/:id/suggestions/:sid/votes',
    {
      preHandler: guards.requireUser,
      config: { access: 'member' },
      schema: {
        tags: ['suggestions'],
        operationId: 'withdrawSuggestionVote',
        summary: 'Withdraw your vote on a suggestion (participants)',
        params: suggestionParamsSchema,
        response: { ...errors, 200: suggestionResponseSchema },
      },
    },
    async (request) => vote(request.params.id, request.params.sid, request.user!, null),
  );
}
