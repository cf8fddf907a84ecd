/**
 * What the 'Where should we meet?' panel shows, pure: each person's travel time with the viewer's
 * own first, the 'everyone there by' time (labelled with its zone when it is not the viewer's),
 * the spread, who was left out, the thumbs-up state, and the owner's list of places to compare.
 */
import {
  format,
  SUGGESTION_MESSAGES,
  type Plan,
  type SuggestionCandidateInput,
} from '@oneeta/contracts';
import { clockText, formatMinutes, roundHalfAwayFromZero } from '@oneeta/travel';
import { SUGGEST_UI } from './texts';

/** One person's trip to a candidate; null seconds: no route. */
export interface TravelItem {
  participantId: string;
  name: string;
  travelTimeSeconds: number | null;
}

export interface TravelRow {
  key: string;
  who: string;
  time: string;
  mine: boolean;
}

/** The viewer's own trip first, then everyone else's from the shortest; no route last. */
export function orderTravel<T extends TravelItem>(travel: readonly T[], meId: string | null): T[] {
  const rank = (t: T) => (t.travelTimeSeconds === null ? Infinity : t.travelTimeSeconds);
  return [...travel].sort((a, b) => {
    if (meId !== null && (a.participantId === meId) !== (b.participantId === meId))
      return a.participantId === meId ? -1 : 1;
    return rank(a) - rank(b) || a.name.localeCompare(b.name);
  });
}

/** The rows of one candidate's travel list: 'You' for the viewer, whole minutes, 'no route'. */
export function travelRows(travel: readonly TravelItem[], meId: string | null): TravelRow[] {
  return orderTravel(travel, meId).map((t) => ({
    key: t.participantId,
    who: t.participantId === meId ? SUGGEST_UI.you : t.name,
    time: t.travelTimeSeconds === null ? SUGGEST_UI.noRoute : formatMinutes(t.travelTimeSeconds),
    mine: t.participantId === meId,
  }));
}

/** 'Everyone there by 6:40 PM' (with the zone when it is not the viewer's own), or null. */
export function everyoneByText(
  iso: string | null,
  tzId: string | null,
  { now, viewerTz }: { now: Date; viewerTz: string },
): string | null {
  if (!iso) return null;
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return null;
  return format(SUGGEST_UI.everyoneBy, { time: clockText(at, tzId, { now, viewerTz }).text });
}

/** 'Spread 14 min': the gap between the shortest and the longest trip, or null. */
export function spreadText(seconds: number | null): string | null {
  if (seconds === null || !Number.isFinite(seconds) || seconds < 0) return null;
  return format(SUGGEST_UI.spread, { d: formatMinutes(seconds) });
}

/** 'Not counted (no location yet): Ada, Ben', or null when everyone was counted. */
export function leftOutText(names: readonly string[]): string | null {
  return names.length === 0 ? null : format(SUGGEST_UI.leftOut, { names: names.join(', ') });
}

export interface VoteView {
  /** The owner sees how many gave a thumbs up (nothing while nobody has). */
  countText: string | null;
  /** A member's own thumbs up (the button is pressed). */
  pressed: boolean;
  /** Whether the viewer has the button: members vote, the owner decides. */
  canVote: boolean;
}

/** The thumbs-up of one candidate as the viewer sees it. */
export function voteView(input: {
  count: number;
  isOwner: boolean;
  /** The candidate (its index) the viewer gave their thumbs up, if any. */
  myVote: number | null;
  candidate: number;
  /** A member who can take part (signed in, not left). */
  member: boolean;
}): VoteView {
  const { count, isOwner, myVote, candidate, member } = input;
  return {
    countText: isOwner && count > 0 ? format(SUGGEST_UI.votes, { n: count }) : null,
    pressed: !isOwner && myVote === candidate,
    canVote: !isOwner && member,
  };
}

/** The thumbs up goes to `candidate`, or is taken back when it was already there. */
export function nextVote(myVote: number | null, candidate: number): number | null {
  return myVote === candidate ? null : candidate;
}

/** How many ranked places show before 'Show more': a kind of place can bring the plan's whole limit. */
export const SHOWN_PLACES = 5;

/** The places shown (the fairest SHOWN_PLACES, or all), and how many more there are. */
export function shownCandidates<T>(
  ranked: readonly T[],
  all: boolean,
  limit: number = SHOWN_PLACES,
): { shown: T[]; more: number } {
  if (all || ranked.length <= limit) return { shown: [...ranked], more: 0 };
  return { shown: ranked.slice(0, limit), more: ranked.length - limit };
}

// ---- The owner's list of places to compare ----

export interface PlacePick {
  id: string;
  name: string;
  address: string;
  position: { lat: number; lon: number };
}

export type AddResult<T> = { ok: true; list: T[] } | { ok: false; list: T[]; message: string };

const round6 = (x: number) => roundHalfAwayFromZero(x, 6);

/** The same place: the same id, or the same point at 6 decimals (a pin dropped twice). */
export function samePlace(a: PlacePick, b: PlacePick): boolean {
  return (
    a.id === b.id ||
    (round6(a.position.lat) === round6(b.position.lat) &&
      round6(a.position.lon) === round6(b.position.lon))
  );
}

/** The plan's limit on places to compare, as the server words it (Free says how to get more). */
export function candidateLimitText(plan: Plan, max: number): string {
  return format(
    plan === 'free' ? SUGGESTION_MESSAGES.candidateLimitFree : SUGGESTION_MESSAGES.candidateLimit,
    { n: max },
  );
}

/** Adds a picked place to the list, unless it is there already or the plan's list is full. */
export function addPick<T extends PlacePick>(
  list: readonly T[],
  place: T,
  { max, plan }: { max: number; plan: Plan },
): AddResult<T> {
  if (list.some((p) => samePlace(p, place)))
    return {
      ok: false,
      list: [...list],
      message: format(SUGGEST_UI.alreadyListed, { name: place.name }),
    };
  if (list.length >= max)
    return { ok: false, list: [...list], message: candidateLimitText(plan, max) };
  return { ok: true, list: [...list, place] };
}

/** Whether a refusal is the plan's limit on places (the panel then offers the plans page). */
export function isPlanLimitText(message: string): boolean {
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return [SUGGESTION_MESSAGES.candidateLimitFree, SUGGESTION_MESSAGES.candidateLimit].some((t) =>
    new RegExp(`^${t.split('{n}').map(escape).join('\\d+')}$`).test(message),
  );
}

/** A dropped pin's id ('pin:lat,lon'): the server names pins itself. */
const PIN_PREFIX = 'pin:';

/** The owner's places as the request carries them: a search result with its id and address, a pin by name and point. */
export function candidateInputs(list: readonly PlacePick[]): SuggestionCandidateInput[] {
  return list.map((p) => ({
    name: p.name,
    position: { lat: p.position.lat, lon: p.position.lon },
    ...(p.id.startsWith(PIN_PREFIX) ? {} : { id: p.id }),
    ...(p.address ? { address: p.address } : {}),
  }));
}

export function removePick<T extends PlacePick>(list: readonly T[], id: string): T[] {
  return list.filter((p) => p.id !== id);
}

// ---- 'Meet here' ----

/** The earliest everyone can be at a candidate if they leave now: now + the longest trip known. */
export function meetEarliest(travel: readonly TravelItem[], now: Date): Date | null {
  const known = travel.flatMap((t) => (t.travelTimeSeconds === null ? [] : [t.travelTimeSeconds]));
  if (known.length === 0) return null;
  return new Date(now.getTime() + Math.max(...known) * 1000);
}
