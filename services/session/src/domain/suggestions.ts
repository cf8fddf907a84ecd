/**
 * "Where should we meet?" rules (contracts suggestions.ts): whether a session's suggestion still
 * counts, the plan's limit on candidates, the worker's input, and the suggestion as a member sees
 * it (ranked by packages/travel `rankPlaces`).
 */
import {
  format,
  planLimits,
  SUGGESTION_MESSAGES,
  SUGGESTION_SEARCH_RADIUS_METERS,
  type Plan,
  type Suggestion,
  type SuggestionCandidateInput,
  type SuggestionMatrixInput,
} from '@oneeta/contracts';
import { meetingCentre, rankPlaces } from '@oneeta/travel';
import type { ParticipantRow, StoredCandidate, SuggestionRow } from '../store/schema.js';
import type { StoredSuggestion } from '../store/suggestions-store.js';

type Person = Pick<
  ParticipantRow,
  'id' | 'name' | 'email' | 'status' | 'lat' | 'lon' | 'routeOptions'
>;

/** The participants a suggestion is for: the active ones, by id. */
export const participantSet = (participants: readonly Pick<Person, 'id' | 'status'>[]) =>
  participants
    .filter((p) => p.status === 'active')
    .map((p) => p.id)
    .sort();

/**
 * Whether the suggestion still counts: not past its expiry, and made for exactly the session's
 * active participants (someone joining, leaving or being removed ends it).
 */
export function suggestionState(
  row: Pick<SuggestionRow, 'expiresAt' | 'participantIds'>,
  participants: readonly Pick<Person, 'id' | 'status'>[],
  now: Date,
): 'current' | 'expired' | 'participants_changed' {
  if (row.expiresAt.getTime() <= now.getTime()) return 'expired';
  const set = participantSet(participants);
  const made = [...row.participantIds].sort();
  if (set.length !== made.length || set.some((id, i) => id !== made[i]))
    return 'participants_changed';
  return 'current';
}

/** The 400 message when `count` candidates are more than the owner's plan compares; null when within. */
export function candidateLimitRefusal(plan: Plan, count: number): string | null {
  const n = planLimits(plan).suggestionCandidates;
  if (count <= n) return null;
  return format(
    plan === 'free' ? SUGGESTION_MESSAGES.candidateLimitFree : SUGGESTION_MESSAGES.candidateLimit,
    { n },
  );
}

const positioned = (p: Person): p is Person & { lat: number; lon: number } =>
  p.status === 'active' && p.lat !== null && p.lon !== null;

/** Active participants with a position: the matrix's origins. */
export const origins = (participants: readonly Person[]) => participants.filter(positioned);

/** Where a kind of place is searched: the group's weighted minimax centre (packages/travel). */
export const searchCentre = (participants: readonly Person[]) =>
  meetingCentre(
    origins(participants).map((p) => ({
      position: { lat: p.lat, lon: p.lon },
      mode: p.routeOptions.travelMode,
    })),
  );

/** The owner's places as stored: a pin gets an id of its own, so it can become the destination. */
export function storedCandidates(
  input: readonly SuggestionCandidateInput[],
  suggestionId: string,
): StoredCandidate[] {
  return input.map((c, i) => ({
    id: c.id ?? `suggestion:${suggestionId}:${i}`,
    name: c.name,
    address: c.address ?? '',
    position: { lat: c.position.lat, lon: c.position.lon },
  }));
}

/** What the routing worker computes: the suggestion's participants with a position now, to its candidates (or its search). */
export function matrixInput(
  row: SuggestionRow,
  participants: readonly Person[],
): SuggestionMatrixInput {
  const members = new Set(row.participantIds);
  const search =
    row.mode === 'category' && row.category && row.centre
      ? {
          category: row.category,
          centre: row.centre,
          radiusMeters: SUGGESTION_SEARCH_RADIUS_METERS,
          limit: row.searchLimit ?? 1,
        }
      : null;
  return {
    sessionId: row.sessionId,
    suggestionId: row.id,
    origins: origins(participants)
      .filter((p) => members.has(p.id))
      .map((p) => ({ participantId: p.id, lat: p.lat, lon: p.lon, routeOptions: p.routeOptions })),
    candidates: row.candidates,
    search,
  };
}

const nameOf = (p: Pick<Person, 'name' | 'email'>) => p.name || (p.email ?? 'Participant');

/**
 * The suggestion as `viewerParticipantId` sees it (their own vote; null: not a voter). Ranked
 * once the matrix is in; before that, whoever has no position now is named as left out.
 */
export function suggestionView(
  { row, votes }: StoredSuggestion,
  participants: readonly Person[],
  viewerParticipantId: string | null,
): Suggestion {
  const counts = row.candidates.map((_, i) => votes.filter((v) => v.candidateIndex === i).length);
  const candidates = row.candidates.map((c, index) => ({
    index,
    ...c,
    votes: counts[index]!,
  }));
  const members = participants.filter((p) => row.participantIds.includes(p.id));
  const people = members.map((p) => ({ participantId: p.id, name: nameOf(p) }));
  let ranked: Suggestion['ranked'] = [];
  let leftOut = members
    .filter((p) => !positioned(p))
    .map((p) => ({ participantId: p.id, name: nameOf(p) }));
  const ready = row.computedAt !== null && row.travel !== null && row.originIds !== null;
  if (ready) {
    const travel: Record<string, (number | null)[]> = {};
    row.originIds!.forEach((id, p) => {
      travel[id] = row.travel!.map((cells) => cells[p] ?? null);
    });
    const ranking = rankPlaces({ now: row.computedAt!, participants: people, candidates, travel });
    leftOut = ranking.leftOut;
    ranked = ranking.ranked.map((r) => ({
      ...r.candidate,
      rank: r.rank,
      everyoneBy: r.everyoneBy?.toISOString() ?? null,
      spreadSeconds: r.spreadSeconds,
      totalSeconds: r.totalSeconds,
      longestSeconds: r.longestSeconds,
      unreachableBy: r.unreachableBy,
      travel: r.travel,
    }));
  }
  const mine = viewerParticipantId
    ? votes.find((v) => v.participantId === viewerParticipantId)
    : undefined;
  return {
    id: row.id,
    status: ready ? 'ready' : 'pending',
    mode: row.mode,
    category: row.category ?? null,
    centre: row.centre ?? null,
    candidates,
    ranked,
    leftOut,
    myVote: mine?.candidateIndex ?? null,
    createdAt: row.createdAt.toISOString(),
    computedAt: row.computedAt?.toISOString() ?? null,
    expiresAt: row.expiresAt.toISOString(),
  };
}
