import { and, asc, eq, inArray, or } from 'drizzle-orm';
import type { SessionUserExport } from '@oneeta/contracts';
import type { Database } from '@oneeta/service-kit';
import { invites, participants, sessions, suggestions, suggestionVotes } from './schema.js';

const iso = (d: Date | null) => d?.toISOString() ?? null;

/** Everything the session service holds about one account, for its data export. */
export async function exportUser(db: Database, userId: string): Promise<SessionUserExport> {
  const rows = await db
    .select()
    .from(participants)
    .where(eq(participants.userId, userId))
    .orderBy(asc(participants.createdAt));
  const joined = rows.map((p) => p.sessionId);
  const held = await db
    .select()
    .from(sessions)
    .where(
      joined.length > 0
        ? or(eq(sessions.creatorUserId, userId), inArray(sessions.id, joined))
        : eq(sessions.creatorUserId, userId),
    )
    .orderBy(asc(sessions.createdAt));
  const sent = await db
    .select()
    .from(invites)
    .where(eq(invites.inviterUserId, userId))
    .orderBy(asc(invites.createdAt));
  // Votes name the voter by their participant row in the suggestion's session.
  const votes = await db
    .select({
      sessionId: suggestions.sessionId,
      suggestionId: suggestionVotes.suggestionId,
      placeIndex: suggestionVotes.candidateIndex,
      candidates: suggestions.candidates,
      votedAt: suggestionVotes.votedAt,
    })
    .from(suggestionVotes)
    .innerJoin(suggestions, eq(suggestions.id, suggestionVotes.suggestionId))
    .innerJoin(
      participants,
      and(
        eq(participants.sessionId, suggestions.sessionId),
        eq(participants.id, suggestionVotes.participantId),
      ),
    )
    .where(eq(participants.userId, userId))
    .orderBy(asc(suggestionVotes.votedAt));
  return {
    sessions: held.map((s) => ({
      id: s.id,
      role: s.creatorUserId === userId ? ('owner' as const) : ('participant' as const),
      destination: (s.destination as Record<string, unknown> | null) ?? null,
      arriveAt: iso(s.arriveAt),
      travelMode: s.travelMode,
      isClosed: s.isClosed,
      closedAt: iso(s.closedAt),
      createdAt: s.createdAt.toISOString(),
    })),
    participants: rows.map((p) => ({
      sessionId: p.sessionId,
      id: p.id,
      name: p.name,
      email: p.email,
      status: p.status,
      isOwner: p.isOwner,
      lat: p.lat,
      lon: p.lon,
      accuracy: p.accuracy,
      locationSource: p.locationSource,
      travelTimeSeconds: p.travelTimeSeconds,
      arrivedAt: iso(p.arrivedAt),
      createdAt: p.createdAt.toISOString(),
      updatedAt: p.updatedAt.toISOString(),
    })),
    invitesSent: sent.map((i) => ({
      id: i.id,
      sessionId: i.sessionId,
      name: i.name,
      email: i.email,
      status: i.status,
      createdAt: i.createdAt.toISOString(),
      updatedAt: i.updatedAt.toISOString(),
    })),
    suggestionVotes: votes.map((v) => ({
      sessionId: v.sessionId,
      suggestionId: v.suggestionId,
      placeIndex: v.placeIndex,
      placeName: v.candidates[v.placeIndex]?.name ?? null,
      votedAt: v.votedAt.toISOString(),
    })),
  };
}
