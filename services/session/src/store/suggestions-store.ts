import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '@oneeta/service-kit';
import {
  suggestions,
  suggestionVotes,
  type SuggestionRow,
  type SuggestionVoteRow,
} from './schema.js';

/** A session's suggestion row with its votes. */
export interface StoredSuggestion {
  row: SuggestionRow;
  votes: SuggestionVoteRow[];
}

/** The suggestion of a session (at most one) and its votes. */
export function createSuggestionsStore(db: Database) {
  return {
    /** The session's suggestion with its votes, whether or not it still counts (the domain decides). */
    async ofSession(sessionId: string): Promise<StoredSuggestion | null> {
      const [row] = await db.select().from(suggestions).where(eq(suggestions.sessionId, sessionId));
      if (!row) return null;
      const votes = await db
        .select()
        .from(suggestionVotes)
        .where(eq(suggestionVotes.suggestionId, row.id));
      return { row, votes };
    },

    /** The suggestion `id` of the session, locked for the rest of the transaction. */
    async lock(sessionId: string, id: string): Promise<SuggestionRow | undefined> {
      const [row] = await db
        .select()
        .from(suggestions)
        .where(and(eq(suggestions.id, id), eq(suggestions.sessionId, sessionId)))
        .for('update');
      return row;
    },

    /** Makes `row` the session's suggestion: the one before it and its votes are gone. */
    async replace(row: typeof suggestions.$inferInsert): Promise<void> {
      await db.delete(suggestions).where(eq(suggestions.sessionId, row.sessionId));
      await db.insert(suggestions).values(row);
    },

    /** Stores the worker's matrix (and, for a category search, the places it found). */
    async setResult(
      id: string,
      result: Pick<SuggestionRow, 'candidates' | 'originIds' | 'travel' | 'computedAt'>,
    ): Promise<void> {
      await db.update(suggestions).set(result).where(eq(suggestions.id, id));
    },

    async remove(id: string): Promise<void> {
      await db.delete(suggestions).where(eq(suggestions.id, id));
    },

    /** Records, moves (index) or withdraws (null) a participant's vote; true when it changed. */
    async vote(id: string, participantId: string, index: number | null): Promise<boolean> {
      if (index === null) {
        const gone = await db
          .delete(suggestionVotes)
          .where(
            and(
              eq(suggestionVotes.suggestionId, id),
              eq(suggestionVotes.participantId, participantId),
            ),
          )
          .returning({ id: suggestionVotes.participantId });
        return gone.length > 0;
      }
      const written = await db
        .insert(suggestionVotes)
        .values({ suggestionId: id, participantId, candidateIndex: index })
        .onConflictDoUpdate({
          target: [suggestionVotes.suggestionId, suggestionVotes.participantId],
          set: { candidateIndex: index, votedAt: sql`now()` },
          setWhere: sql`${suggestionVotes.candidateIndex} <> ${index}`,
        })
        .returning({ id: suggestionVotes.participantId });
      return written.length > 0;
    },
  };
}

export type SuggestionsStore = ReturnType<typeof createSuggestionsStore>;
