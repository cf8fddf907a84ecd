/**
 * "Where should we meet?": which candidate place is fairest to everyone, by travel time.
 *
 * For each candidate, with everyone leaving at `now`:
 * - `everyoneBy`: when the last person gets there (now + the longest trip), rounded up to the
 *   minute, as a page shows it; the earlier, the better;
 * - ties on that minute go to the smaller spread (longest − shortest trip: nobody travels much
 *   longer than the others), then to the smaller total travel time, then to the owner's order.
 * A candidate that someone cannot reach (no route) ranks after every candidate all can reach;
 * among those, fewer people cut off first, then the same order over the trips that exist.
 * Participants without a row in the matrix (no position) are left out of every figure and named.
 */

const MINUTE_MS = 60_000;

export interface RankPerson {
  participantId: string;
  name: string;
}

export interface RankInput<C> {
  /** When everyone would leave (the matrix's departure time). */
  now: Date;
  participants: readonly RankPerson[];
  candidates: readonly C[];
  /**
   * Travel seconds by participant id, aligned with `candidates`; null: no route. A participant
   * with no row here (no position) is left out.
   */
  travel: Readonly<Record<string, readonly (number | null)[] | undefined>>;
}

export interface RankedPlace<C> {
  candidate: C;
  /** The candidate's index in `candidates`. */
  index: number;
  /** 1 for the best. */
  rank: number;
  /** Null when someone cannot reach it (or nobody was counted). */
  everyoneBy: Date | null;
  /** Over the trips that have a route; null when none has. */
  longestSeconds: number | null;
  spreadSeconds: number | null;
  totalSeconds: number | null;
  /** Counted participants with no route to it. */
  unreachableBy: string[];
  /** Every counted participant's trip, in `participants` order. */
  travel: { participantId: string; travelTimeSeconds: number | null }[];
}

export interface Ranking<C> {
  ranked: RankedPlace<C>[];
  leftOut: RankPerson[];
}

export function rankPlaces<C>(input: RankInput<C>): Ranking<C> {
  const counted = input.participants.filter((p) => input.travel[p.participantId] !== undefined);
  const leftOut = input.participants
    .filter((p) => input.travel[p.participantId] === undefined)
    .map(({ participantId, name }) => ({ participantId, name }));

  const scored = input.candidates.map((candidate, index) => {
    const travel = counted.map((p) => {
      const seconds = input.travel[p.participantId]![index] ?? null;
      if (seconds !== null && (!Number.isFinite(seconds) || seconds < 0))
        throw new RangeError(`Travel time must be a non-negative number of seconds: ${seconds}`);
      return { participantId: p.participantId, travelTimeSeconds: seconds };
    });
    const times = travel.flatMap((t) =>
      t.travelTimeSeconds === null ? [] : [t.travelTimeSeconds],
    );
    const unreachableBy = travel
      .filter((t) => t.travelTimeSeconds === null)
      .map((t) => t.participantId);
    const longest = times.length > 0 ? Math.max(...times) : null;
    const shortest = times.length > 0 ? Math.min(...times) : null;
    const everyoneBy =
      unreachableBy.length === 0 && longest !== null
        ? ceilMinute(input.now.getTime() + longest * 1000)
        : null;
    return {
      candidate,
      index,
      everyoneBy,
      longestSeconds: longest,
      spreadSeconds: longest !== null && shortest !== null ? longest - shortest : null,
      totalSeconds: times.length > 0 ? times.reduce((s, t) => s + t, 0) : null,
      unreachableBy,
      travel,
    };
  });

  const ranked = scored
    .slice()
    .sort(compareScores)
    .map((s, i) => ({
      ...s,
      rank: i + 1,
      everyoneBy: s.everyoneBy === null ? null : new Date(s.everyoneBy),
    }));
  return { ranked, leftOut };
}

interface Score {
  index: number;
  everyoneBy: number | null;
  longestSeconds: number | null;
  spreadSeconds: number | null;
  totalSeconds: number | null;
  unreachableBy: string[];
}

const INF = Number.POSITIVE_INFINITY;
/** A missing figure sorts last; two missing ones give `INF - INF` (NaN, falsy): the next key decides. */
const orInf = (v: number | null) => v ?? INF;

function compareScores(a: Score, b: Score): number {
  const aCut = a.unreachableBy.length;
  const bCut = b.unreachableBy.length;
  if ((aCut === 0) !== (bCut === 0)) return aCut === 0 ? -1 : 1;
  return (
    aCut - bCut ||
    (aCut === 0 ? orInf(a.everyoneBy) - orInf(b.everyoneBy) : 0) ||
    (aCut > 0 ? orInf(a.longestSeconds) - orInf(b.longestSeconds) : 0) ||
    orInf(a.spreadSeconds) - orInf(b.spreadSeconds) ||
    orInf(a.totalSeconds) - orInf(b.totalSeconds) ||
    a.index - b.index
  );
}

const ceilMinute = (ms: number) => Math.ceil(ms / MINUTE_MS) * MINUTE_MS;
