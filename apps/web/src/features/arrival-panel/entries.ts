/**
 * The arrival panel's entries: every participant the viewer may see plus the pending invites, in
 * one list (doc 2 §2–§4). Pure: no React, no I/O.
 */
import {
  COMPACT_PANEL_ABOVE,
  type Participant,
  type RouteOptions,
  type Session,
} from '@oneeta/contracts';
import { PANEL_SPEC } from './texts';

/** A row or card of the panel. */
export interface PanelEntry {
  /** Stable React key and the id the map knows: the participant id, or 'invite:<inviteId>'. */
  key: string;
  /** The active participant's id for participant calls; null for a pending entry. */
  participantId: string | null;
  /** The invite behind a pending entry (for 'Cancel invite'); null for an active participant. */
  inviteId: string | null;
  /** Only the owner (and the invitee) ever receive the code. */
  inviteCode: string | null;
  label: string;
  email: string | null;
  isCurrentUser: boolean;
  /** This entry is the session owner. */
  isOwner: boolean;
  pending: boolean;
  lat: number | null;
  lon: number | null;
  enroute: boolean;
  routeOptions: RouteOptions | null;
  /** A route was computed for this participant. */
  routeOk: boolean;
  travelTimeSeconds: number | null;
  distanceMeters: number | null;
  departureTime: string | null;
  arrivalTime: string | null;
  updatedAt: string | null;
  inviterName: string | null;
  /** 'address': the position is a typed starting address (issue 12); null when unknown. */
  locationSource: 'device' | 'address' | null;
  /** When the server detected them at the destination (issue 15); null while not there. */
  arrivedAt: string | null;
  /** The server's judgement of their lateness in whole minutes (issue 15); null while not late. */
  serverMinutesLate: number | null;
}

/** The prefix of the pending participant row that stands for an invite (session service). */
export const INVITE_ROW_PREFIX = 'invite:';

const isNumber = (x: unknown): x is number => typeof x === 'number' && Number.isFinite(x);

/** 'Find on map' needs numeric lat and lon (doc 2 §5). */
export function hasLocation(
  entry: Pick<PanelEntry, 'lat' | 'lon'>,
): entry is { lat: number; lon: number } {
  return isNumber(entry.lat) && isNumber(entry.lon);
}

/** Pending: the flag, or a status of 'pending' in any case (doc 2 §3). */
export function isPendingParticipant(p: Pick<Participant, 'pending' | 'status'>): boolean {
  return p.pending === true || String(p.status).toLowerCase() === 'pending';
}

/** The label: label, then email, then 'Participant' (doc 2 §4). */
export function participantLabel(p: {
  label?: string | null;
  name?: string | null;
  email?: string | null;
}): string {
  return p.label?.trim() || p.name?.trim() || p.email?.trim() || PANEL_SPEC.participant;
}

/**
 * Every entry of the panel: the viewer first, then the other active participants in the server's
 * order (the order they joined), then pending invites (pending participant rows matched with their
 * invites, then invites that hold no row yet). Departed participants ('left') are not shown.
 */
export function buildEntries(session: Session, meParticipantId: string | null): PanelEntry[] {
  const invitesById = new Map(session.invites.map((i) => [i.id, i]));
  const results = new Map(session.travel.results.map((r) => [r.participantId, r]));
  const me: PanelEntry[] = [];
  const active: PanelEntry[] = [];
  const pending: PanelEntry[] = [];
  const seenInvites = new Set<string>();

  for (const p of session.participants) {
    if (p.status === 'left') continue;
    if (isPendingParticipant(p)) {
      const inviteId = p.id.startsWith(INVITE_ROW_PREFIX)
        ? p.id.slice(INVITE_ROW_PREFIX.length)
        : null;
      const invite = inviteId ? invitesById.get(inviteId) : undefined;
      if (inviteId) seenInvites.add(inviteId);
      pending.push({
        ...pendingEntry,
        key: p.id,
        inviteId,
        inviteCode: invite?.code ?? null,
        label: invite?.name?.trim() || participantLabel(p),
        email: p.email ?? invite?.email ?? null,
        updatedAt: p.updatedAt,
        inviterName: invite?.inviterName ?? null,
      });
      continue;
    }
    const result = results.get(p.id);
    const travelTimeSeconds = p.travelTimeSeconds ?? result?.travelTimeSeconds ?? null;
    const entry: PanelEntry = {
      key: p.id,
      participantId: p.id,
      inviteId: null,
      inviteCode: null,
      label: participantLabel(p),
      email: p.email ?? null,
      isCurrentUser: meParticipantId !== null && p.id === meParticipantId,
      isOwner: p.isOwner,
      pending: false,
      lat: isNumber(p.lat) ? p.lat : null,
      lon: isNumber(p.lon) ? p.lon : null,
      enroute: p.enroute,
      routeOptions: p.routeOptions,
      routeOk: isNumber(travelTimeSeconds) && (result ? result.ok : true),
      travelTimeSeconds,
      distanceMeters: p.distanceMeters ?? result?.distanceMeters ?? null,
      departureTime: p.departureTime ?? result?.departureTime ?? null,
      arrivalTime: p.arrivalTime ?? result?.arrivalTime ?? null,
      updatedAt: p.updatedAt,
      inviterName: null,
      locationSource: p.locationSource ?? null,
      arrivedAt: p.arrivedAt ?? null,
      serverMinutesLate: p.minutesLate ?? null,
    };
    (entry.isCurrentUser ? me : active).push(entry);
  }

  for (const invite of session.invites) {
    if (seenInvites.has(invite.id) || !invite.pending) continue;
    pending.push({
      ...pendingEntry,
      key: `${INVITE_ROW_PREFIX}${invite.id}`,
      inviteId: invite.id,
      inviteCode: invite.code ?? null,
      label: invite.name.trim() || invite.email?.trim() || PANEL_SPEC.participant,
      email: invite.email ?? null,
      updatedAt: invite.createdAt,
      inviterName: invite.inviterName,
    });
  }
  return [...me, ...active, ...pending];
}

/** What every pending entry (an invite not yet accepted) has: no participant, place or route. */
const pendingEntry = {
  participantId: null,
  isCurrentUser: false,
  isOwner: false,
  pending: true,
  lat: null,
  lon: null,
  enroute: false,
  routeOptions: null,
  routeOk: false,
  travelTimeSeconds: null,
  distanceMeters: null,
  departureTime: null,
  arrivalTime: null,
  locationSource: null,
  arrivedAt: null,
  serverMinutesLate: null,
} as const;

/** Which status line a row shows (doc 2 §2 "Non-route texts in rows"). */
export type StatusKind =
  | 'invitePending'
  | 'noLocation'
  | 'yourDevice'
  | 'startingAddress'
  | 'routeAvailable'
  | 'calculating'
  | 'noDestination';

/**
 * The status line: a pending entry is 'Invite pending'; an entry without numeric coordinates is
 * 'No location'; the viewer's own located entry is 'Your device' (their position comes from this
 * device), or 'Starting address' when they joined with a typed address (issue 12); another located participant is 'Route available' once a route was computed. Until then
 * the line says that the route is being calculated, or that the session has no destination yet.
 */
export function statusKind(entry: PanelEntry, hasDestination: boolean): StatusKind {
  if (entry.pending) return 'invitePending';
  if (!hasLocation(entry)) return 'noLocation';
  if (entry.isCurrentUser)
    return entry.locationSource === 'address' ? 'startingAddress' : 'yourDevice';
  if (entry.routeOk) return 'routeAvailable';
  return hasDestination ? 'calculating' : 'noDestination';
}

/** Compact is the default above COMPACT_PANEL_ABOVE (40) participants (doc 2 §4, §9). */
export function defaultCompact(count: number): boolean {
  return count > COMPACT_PANEL_ABOVE;
}

/** The avatar: 'You' for the viewer, else the label's first letter (doc 2 §2). */
export function avatarText(entry: Pick<PanelEntry, 'isCurrentUser' | 'label'>): string {
  if (entry.isCurrentUser) return PANEL_SPEC.you;
  return (entry.label.trim().charAt(0) || '?').toUpperCase();
}

/** What the viewer may do with an entry (doc 2 §6). */
export interface EntryPermissions {
  /** Owner: remove another non-pending participant, after confirmation. */
  remove: boolean;
  /** The viewer, not the owner: leave the session. */
  leave: boolean;
  /** The viewer, not pending: own route options and the enroute flag. */
  editOwn: boolean;
  /** Owner: cancel a pending invite. */
  cancelInvite: boolean;
  /** Owner: copy the invite code of a pending entry. */
  copyInviteCode: boolean;
}

export function entryPermissions(
  entry: PanelEntry,
  viewer: { isOwner: boolean; sessionOpen: boolean },
): EntryPermissions {
  const open = viewer.sessionOpen;
  return {
    remove:
      open &&
      viewer.isOwner &&
      !entry.pending &&
      !entry.isOwner &&
      !entry.isCurrentUser &&
      entry.participantId !== null,
    leave: open && entry.isCurrentUser && !entry.pending && !viewer.isOwner && !entry.isOwner,
    editOwn: open && entry.isCurrentUser && !entry.pending,
    cancelInvite: open && viewer.isOwner && entry.pending && entry.inviteId !== null,
    copyInviteCode: viewer.isOwner && entry.pending,
  };
}
