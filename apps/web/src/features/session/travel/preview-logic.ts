import type { Session } from '@oneeta/contracts';
import { earliestFrom } from '../editor/save-rules';

export interface Origin {
  /** Participant id, or 'me' for a viewer who is not (yet) a participant. */
  id: string;
  lat: number;
  lon: number;
}

export interface PreviewResult {
  id: string;
  travelTimeSeconds: number | null;
}

export const ME_ORIGIN = 'me';

/** Participants who count for the meeting time: in the session, not pending, not gone. */
const counted = (session: Session | null) =>
  (session?.participants ?? []).filter((p) => !p.pending && p.status === 'active');

/**
 * Whose travel time to preview for the draft destination (doc 1 §6: guests and members preview
 * travel times). With the saved destination, the server's times serve for the participants and
 * only the viewer is previewed, when they have no row or the server has no time for it yet; with a new or changed destination every participant
 * with a position is previewed, the viewer's live position standing in for their own row.
 */
export function previewOrigins(input: {
  session: Session | null;
  meId: string | null;
  me: { lat: number; lon: number } | null;
  destinationChanged: boolean;
}): Origin[] {
  const people = counted(input.session);
  const mine = people.find((p) => p.id === input.meId);
  const origins: Origin[] = [];
  if (input.me) origins.push({ id: mine?.id ?? ME_ORIGIN, lat: input.me.lat, lon: input.me.lon });
  // The saved destination: the server's time serves, once it has one for the viewer's row.
  if (!input.destinationChanged) return mine && mine.travelTimeSeconds !== null ? [] : origins;
  for (const p of people) {
    if (p.id === mine?.id && input.me) continue;
    if (p.lat === null || p.lon === null) continue;
    origins.push({ id: p.id, lat: p.lat, lon: p.lon });
  }
  return origins;
}

/**
 * The earliest time everyone can meet for the draft: now + the longest travel time among the
 * server's times (saved destination) and the previewed ones. Null when no time is known.
 */
export function draftEarliest(input: {
  session: Session | null;
  destinationChanged: boolean;
  preview: readonly PreviewResult[];
  now: Date;
}): Date | null {
  const server = input.destinationChanged
    ? []
    : counted(input.session).map((p) => p.travelTimeSeconds);
  return earliestFrom([...server, ...input.preview.map((r) => r.travelTimeSeconds)], input.now);
}

/** Coordinates in a query key: 4 decimals (about 11 m), so GPS jitter does not ask again. */
export const keyCoord = (x: number) => Math.round(x * 1e4) / 1e4;
