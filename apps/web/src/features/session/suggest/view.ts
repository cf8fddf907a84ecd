/**
 * The suggestion as the panel draws it: the contract's answer (ranked candidates with participant
 * ids) joined with the session's names, so the components never read the wire format. Pure.
 */
import type { PlaceCategory, Session, Suggestion } from '@oneeta/contracts';
import type { PlacePick, TravelItem } from './suggest-logic';

export interface CandidateView extends PlacePick {
  /** The candidate's index: what votes name. */
  index: number;
  rank: number;
  /** When everyone can be there had they all left when the times were worked out; null when someone cannot reach it. */
  everyoneBy: string | null;
  spreadSeconds: number | null;
  longestSeconds: number | null;
  travel: TravelItem[];
  votes: number;
}

export interface SuggestionView {
  id: string;
  status: Suggestion['status'];
  category: PlaceCategory | null;
  /** Fairest first; empty while pending. */
  candidates: CandidateView[];
  /** How many places are being compared (known while pending in 'places' mode). */
  asked: number;
  /** Names of people not counted (no position). */
  leftOut: string[];
  /** The candidate (index) the viewer gave their thumbs up. */
  myVote: number | null;
}

/** Someone the session no longer lists (they left meanwhile). */
const UNKNOWN_NAME = 'Someone';

/** Each participant's name as the panel shows it (their label, else their name). */
/** The session's suggestion while it lasts: past `expiresAt` it is gone here too, without a refetch. */
export function currentSuggestion(
  suggestion: Suggestion | null | undefined,
  now: Date,
): Suggestion | null {
  if (!suggestion) return null;
  return Date.parse(suggestion.expiresAt) > now.getTime() ? suggestion : null;
}

export function namesOf(session: Pick<Session, 'participants'>): Map<string, string> {
  return new Map(session.participants.map((p) => [p.id, p.label || p.name || UNKNOWN_NAME]));
}

export function suggestionView(s: Suggestion, names: ReadonlyMap<string, string>): SuggestionView {
  return {
    id: s.id,
    status: s.status,
    category: s.category,
    asked: s.candidates.length,
    candidates: [...s.ranked]
      .sort((a, b) => a.rank - b.rank)
      .map((c) => ({
        id: c.id,
        index: c.index,
        rank: c.rank,
        name: c.name,
        address: c.address,
        position: c.position,
        everyoneBy: c.everyoneBy,
        spreadSeconds: c.spreadSeconds,
        longestSeconds: c.longestSeconds,
        votes: c.votes,
        travel: c.travel.map((t) => ({
          participantId: t.participantId,
          name: names.get(t.participantId) ?? UNKNOWN_NAME,
          travelTimeSeconds: t.travelTimeSeconds,
        })),
      })),
    leftOut: s.leftOut.map((p) => p.name),
    myVote: s.myVote,
  };
}
