import { randomUUID } from 'node:crypto';
import {
  JOBS,
  QUEUES,
  ROUTE_JOB_PRIORITY,
  SUGGESTION_TTL_SECONDS,
  type CreateSuggestionBody,
  type Plan,
  type SuggestionMatrixJob,
  type SuggestionMatrixResultBody,
} from '@oneeta/contracts';
import type { Database, Outbox } from '@oneeta/service-kit';
import type { Changed } from '../context.js';
import {
  sessionAggregate,
  SUGGESTION_REASON,
  SUGGESTION_TOUCHED,
} from '../domain/session-changes.js';
import {
  participantSet,
  searchCentre,
  storedCandidates,
  suggestionState,
} from '../domain/suggestions.js';
import type { ParticipantRow } from '../store/schema.js';
import { createLiveStore } from '../store/live-store.js';
import { createSuggestionsStore } from '../store/suggestions-store.js';

/**
 * Makes a new suggestion the session's current one (the one before it and its votes are gone) and,
 * in the same transaction, its suggestion-matrix job (job id = suggestion id) and the session's
 * frame: the state and the job it implies commit together.
 */
export async function createSuggestion(
  tx: Database,
  changed: Changed,
  outbox: Outbox,
  input: {
    sessionId: string;
    userId: string;
    plan: Plan;
    participants: ParticipantRow[];
    body: CreateSuggestionBody & { limit: number };
    now: Date;
  },
): Promise<string> {
  const id = randomUUID();
  const { body, sessionId, now } = input;
  const category = body.category ?? null;
  await createSuggestionsStore(tx).replace({
    id,
    sessionId,
    createdBy: input.userId,
    mode: category ? 'category' : 'places',
    category,
    centre: category ? searchCentre(input.participants) : null,
    searchLimit: category ? body.limit : null,
    candidates: storedCandidates(body.candidates ?? [], id),
    participantIds: participantSet(input.participants),
    createdAt: now,
    expiresAt: new Date(now.getTime() + SUGGESTION_TTL_SECONDS * 1000),
  });
  const job = JOBS[QUEUES.suggestionMatrix];
  const data: SuggestionMatrixJob = {
    sessionId,
    suggestionId: id,
    requestedAt: now.toISOString(),
  };
  await outbox.add(tx, {
    aggregate: sessionAggregate(sessionId),
    kind: 'job',
    queue: job.queue,
    name: job.name,
    data,
    opts: { jobId: id, priority: ROUTE_JOB_PRIORITY[input.plan] },
  });
  changed(sessionId, SUGGESTION_REASON, undefined, SUGGESTION_TOUCHED);
  return id;
}

/**
 * Stores the routing worker's matrix under the suggestion's row lock; 'gone' when the suggestion
 * was replaced, expired or its participants changed meanwhile, 'mismatch' when the matrix does
 * not have one row per candidate (nothing is written in either case).
 */
export async function storeSuggestionMatrix(
  tx: Database,
  changed: Changed,
  sessionId: string,
  suggestionId: string,
  body: SuggestionMatrixResultBody,
  now: Date,
): Promise<'stored' | 'gone' | 'mismatch'> {
  const store = createSuggestionsStore(tx);
  const row = await store.lock(sessionId, suggestionId);
  if (!row) return 'gone';
  const participants = await createLiveStore(tx).participants(sessionId);
  if (suggestionState(row, participants, now) !== 'current') return 'gone';
  const candidates = row.mode === 'category' ? body.candidates : row.candidates;
  if (body.travel.length !== candidates.length) return 'mismatch';
  // Only the suggestion's own participants count (the worker read them from it).
  const members = new Set(row.participantIds);
  const keep = body.participantIds.flatMap((id, p) => (members.has(id) ? [p] : []));
  await store.setResult(suggestionId, {
    candidates,
    originIds: keep.map((p) => body.participantIds[p]!),
    travel: body.travel.map((cells) => keep.map((p) => cells[p] ?? null)),
    computedAt: new Date(body.computedAt),
  });
  changed(sessionId, SUGGESTION_REASON, undefined, SUGGESTION_TOUCHED);
  return 'stored';
}
