/**
 * What the session page offers its owner while someone is late (issue 15, refined by issue 34):
 * only what can be done, and only while it is true.
 *
 * - 'move': 'Move arrival to {time}?' with a button that saves it, when the owner's plan can edit a
 *   saved session;
 * - 'upgrade': on a plan that cannot, who is late and the time that would work, with the way to
 *   /plans instead of a button that is certain to fail;
 * - 'far-behind': when that time is more than REPLAN_OFFER_MAX_HOURS after the current arrival time
 *   (someone switched to walking for a moment), moving everyone makes no sense: who is far behind,
 *   to remove or message.
 *
 * The session's own answer decides (its participants' `minutesLate` and `suggestedArriveAt`, both
 * computed when it was read): once nobody is late, or the arrival time moved to (or past) the
 * suggestion, there is no offer, whatever unread notification still says otherwise. Pure.
 */
import {
  format,
  REPLAN_OFFER_MAX_HOURS,
  type InAppNotification,
  type Session,
} from '@oneeta/contracts';
import { formatWholeMinutes } from '@oneeta/travel';
import type { ShownMap } from './inbox-logic';
import { INBOX_UI } from './texts';

export type OfferKind = 'move' | 'upgrade' | 'far-behind';

export interface LatePerson {
  participantId: string;
  name: string;
  /** Whole minutes late as the server judged it; null when only a notification named them. */
  minutesLate: number | null;
}

export interface OwnerOffer {
  kind: OfferKind;
  /** The arrival time everyone can make (ISO); '' for 'far-behind' once the server names none. */
  at: string;
  /** Who is late ('move', 'upgrade') or far behind ('far-behind'). */
  people: LatePerson[];
  /** The unread offer notifications ('replan-offer', 'far-behind') this answers: read with it. */
  ids: string[];
  /** What 'Not now' declines: the same people in the same kind of offer stay declined. */
  key: string;
}

const MINUTE_MS = 60_000;
const OFFER_KINDS = new Set<InAppNotification['kind']>(['replan-offer', 'far-behind']);
/** Past this many minutes late a person is far behind (the offer's own bound). */
const FAR_MINUTES = REPLAN_OFFER_MAX_HOURS * 60;

export interface OwnerOfferInput {
  isOwner: boolean;
  /** The owner's plan can edit a saved session (GET /api/sessions/limits, else the plan table). */
  canEdit: boolean;
  session: Pick<Session, 'sessionId' | 'arriveAt' | 'suggestedArriveAt' | 'participants'>;
  notifications: readonly InAppNotification[];
  shown: ShownMap;
  /** Offer keys the owner said 'Not now' to. */
  declined: ReadonlySet<string>;
}

/** Everyone the session says is late now: active, not arrived, with the server's `minutesLate`. */
export function latePeopleOf(session: Pick<Session, 'participants'>): LatePerson[] {
  return session.participants.flatMap((p) =>
    p.status === 'active' && !p.pending && !p.arrivedAt && p.minutesLate
      ? [{ participantId: p.id, name: p.label || p.name, minutesLate: p.minutesLate }]
      : [],
  );
}

export function ownerOfferOf(input: OwnerOfferInput): OwnerOffer | null {
  const { session } = input;
  if (!input.isOwner) return null;
  const notes = input.notifications.filter(
    (n) =>
      n.sessionId === session.sessionId &&
      OFFER_KINDS.has(n.kind) &&
      input.shown.get(n.id) !== 'done',
  );
  const newest = notes.findLast((n) => n.suggestedArriveAt !== null);
  const late = latePeopleOf(session);
  // Nobody late by the session's answer, nor a time it suggests: the condition has ended.
  if (late.length === 0 && !session.suggestedArriveAt) return null;
  const at = session.suggestedArriveAt ?? newest?.suggestedArriveAt ?? null;
  const atMs = at === null ? Number.NaN : Date.parse(at);
  const arriveMs = session.arriveAt ? Date.parse(session.arriveAt) : Number.NaN;
  const far =
    (!Number.isNaN(atMs) && !Number.isNaN(arriveMs) && atMs - arriveMs > FAR_MINUTES * MINUTE_MS) ||
    // The server suggests no time past the bound: someone that late says so by themselves.
    (!session.suggestedArriveAt && late.some((p) => (p.minutesLate ?? 0) > FAR_MINUTES));
  const people = late.length > 0 ? late : namedIn(newest);
  if (far) return offer('far-behind', at ?? '', farBehind(people), notes, input.declined);
  if (at === null || Number.isNaN(atMs)) return null;
  // The arrival time is that minute already (or later): nothing to move.
  if (!Number.isNaN(arriveMs) && Math.floor(atMs / MINUTE_MS) <= Math.floor(arriveMs / MINUTE_MS))
    return null;
  return offer(input.canEdit ? 'move' : 'upgrade', at, people, notes, input.declined);
}

/** The offer, unless the owner said 'Not now' to these people in this kind of offer. */
function offer(
  kind: OfferKind,
  at: string,
  people: LatePerson[],
  notes: readonly InAppNotification[],
  declined: ReadonlySet<string>,
): OwnerOffer | null {
  const who = people
    .map((p) => p.participantId)
    .sort()
    .join(',');
  const key = who ? `${kind}:${who}` : `${kind}@${at}`;
  if (declined.has(key)) return null;
  return { kind, at, people, ids: notes.map((n) => n.id), key };
}

/** Those more than the bound late; everyone late when the server's minutes say none is (yet). */
function farBehind(people: LatePerson[]): LatePerson[] {
  const far = people.filter((p) => p.minutesLate !== null && p.minutesLate > FAR_MINUTES);
  return far.length > 0 ? far : people;
}

/** The people an offer notification names (ids and names in the same order). */
function namedIn(n: InAppNotification | undefined): LatePerson[] {
  const ids = n?.participantIds ?? [];
  const names = n?.names ?? [];
  return ids.flatMap((participantId, i) =>
    names[i] !== undefined ? [{ participantId, name: names[i], minutesLate: null }] : [],
  );
}

export interface OfferWords {
  /** 'Running late: Ben' above the question ('move'); null when the offer names nobody. */
  lead: string | null;
  /**
   * 'Move arrival to 6:10 PM?'; 'Running late: Ben. 6:10 PM would work; upgrade to move the
   * arrival time'; 'Far behind: Ben (1 d 18 h 1 min late). Remove them or message them'.
   */
  text: string;
}

/** The words of an offer; `time` is its arrival time as the page writes clock times. */
export function offerWords(offer: Pick<OwnerOffer, 'kind' | 'people'>, time: string): OfferWords {
  const names = offer.people.map((p) => p.name).join(', ') || INBOX_UI.someone;
  switch (offer.kind) {
    case 'move':
      return {
        lead: offer.people.length > 0 ? format(INBOX_UI.runningLate, { names }) : null,
        text: format(INBOX_UI.replanOffer, { time }),
      };
    case 'upgrade':
      return { lead: null, text: format(INBOX_UI.replanUpgrade, { names, time }) };
    case 'far-behind': {
      const who = offer.people
        .map((p) =>
          p.minutesLate
            ? format(INBOX_UI.personLate, {
                name: p.name,
                duration: formatWholeMinutes(p.minutesLate),
              })
            : p.name,
        )
        .join(', ');
      return { lead: null, text: format(INBOX_UI.farBehind, { names: who || names }) };
    }
  }
}
