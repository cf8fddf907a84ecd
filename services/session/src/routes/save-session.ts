import {
  SESSION_MESSAGES,
  TOPICS,
  type ParticipantInput,
  type saveSessionBodySchema,
} from '@oneeta/contracts';
import { HttpError, type AuthUser, type Database } from '@oneeta/service-kit';
import type { z } from 'zod';
import type { SessionContext } from '../context.js';
import { replannedAlert } from '../domain/live.js';
import {
  editRefusal,
  inputRefusal,
  quotaRefusal,
  roomRefusal,
  sameDestination,
  type Refusal,
} from '../domain/save-rules.js';
import { sessionAggregate } from '../domain/session-changes.js';
import { createListStore } from '../store/list-store.js';
import { createSaveStore, type NewParticipant, type SessionFields } from '../store/save-store.js';

type SaveBody = z.output<typeof saveSessionBodySchema>;
export type SaveOutcome = { created: boolean } | { refusal: Refusal };

/** First entry per participant id wins. */
function uniqueById(people: ParticipantInput[]): ParticipantInput[] {
  const seen = new Set<string>();
  return people.filter((p) => !seen.has(p.id) && Boolean(seen.add(p.id)));
}
const displayName = (p: ParticipantInput) => p.name ?? p.label ?? '';
/** The row fields a save writes for a participant entry. */
const newRow = (p: ParticipantInput) => ({
  id: p.id,
  name: displayName(p),
  lat: p.lat,
  lon: p.lon,
  locationSource: p.locationSource ?? null,
});
/**
 * Signed-in members ('user:<id>') only join through invites and pending invitees ('invite:<id>')
 * are the invites' own rows: a save adds or moves guests (rows without an account) and the owner.
 */
const isGuest = (p: ParticipantInput) => !p.id.startsWith('user:') && !p.id.startsWith('invite:');

/**
 * POST /api/sessions: creates the session (the caller becomes its owner) or saves the owner's
 * changes, applying the rules of doc 1 §5–§6 in the order the spec lists them.
 */
export async function saveSession(
  ctx: SessionContext,
  lists: ReturnType<typeof createListStore>,
  user: AuthUser,
  body: SaveBody,
): Promise<SaveOutcome> {
  const id = body.sessionId;
  const ownerPid = `user:${user.id}`;
  const existing = await ctx.store.load(id);
  if (existing && existing.session.creatorUserId !== user.id)
    throw new HttpError(409, SESSION_MESSAGES.idTaken, 'id_taken');
  if (existing) ctx.assertOpen(existing);
  const refuse = (refusal: Refusal | null) => refusal && { refusal };

  const edit = existing && editRefusal(user.plan);
  if (edit) return { refusal: edit };
  const sameEarliest = existing && sameDestination(existing.session.destination, body.destination);
  const bad = refuse(inputRefusal(body, sameEarliest ? existing.session.earliestArrival : null));
  if (bad) return bad;

  const fields: SessionFields = {
    destination: body.destination!,
    tzId: body.tzId === undefined ? (existing?.session.tzId ?? null) : body.tzId,
    arriveAt: new Date(body.arriveAt!),
    travelMode: body.travelMode,
    // The owner's current plan sets the session's invite and participant limits.
    ownerPlan: user.plan,
  };
  const people = uniqueById(body.participants);
  const guests = people.filter(isGuest);

  if (!existing) {
    const quota = refuse(quotaRefusal(user.plan, await lists.usage(user.id)));
    if (quota) return quota;
    const room = refuse(roomRefusal(user.plan, guests.length, 0));
    if (room) return room;
    const me = people.find((p) => p.id === ownerPid);
    const owner: NewParticipant = {
      id: ownerPid,
      userId: user.id,
      email: user.email,
      name: user.name ?? user.email,
      isOwner: true,
      lat: me?.lat ?? null,
      lon: me?.lon ?? null,
      locationSource: me ? (me.locationSource ?? null) : null,
    };
    const rows = [owner, ...guests.map(newRow)];
    // Checked again under the creator's lock: concurrent creates must not both pass.
    const recheck = async (tx: Database) => {
      const refusal = quotaRefusal(user.plan, await createListStore(tx).usage(user.id));
      if (refusal) throw new HttpError(refusal.status, refusal.error, refusal.code);
    };
    const created = await ctx.write(async (tx, changed) => {
      const ok = await createSaveStore(tx).create(id, user.id, fields, rows, recheck);
      if (ok) changed(id, 'saved', 'save');
      return ok;
    });
    if (!created) throw new HttpError(409, SESSION_MESSAGES.idTaken, 'id_taken');
    return { created: true };
  }

  const rows = new Map(existing.participants.map((p) => [p.id, p]));
  // The owner's own row and guest rows follow the body; other members' live positions are theirs.
  const moves = people
    .filter((p) => {
      const row = rows.get(p.id);
      return (
        row && (p.id === ownerPid || (isGuest(p) && row.userId === null && row.status === 'active'))
      );
    })
    .map(newRow);
  const added = guests.filter((g) => !rows.has(g.id)).map(newRow);
  const others =
    existing.participants.filter((p) => !p.isOwner && p.status !== 'left').length + added.length;
  const invitesWithoutRow = existing.invites.filter(
    (i) => i.status === 'pending' && !(i.participantId && rows.has(i.participantId)),
  ).length;
  const room = refuse(roomRefusal(user.plan, others, invitesWithoutRow));
  if (room) return room;
  const moved = existing.session.arriveAt?.getTime() !== fields.arriveAt?.getTime();
  await ctx.write(async (tx, changed) => {
    const store = createSaveStore(tx);
    await store.update(existing, fields, moves, added, !sameEarliest);
    // A new arrival time (a re-plan): lateness, no-shows and sharing start over, and everyone is told.
    if (moved) {
      const cleared = await store.clearLiveState(id);
      const alert = cleared && replannedAlert(cleared.session, cleared.people, user.id);
      if (alert)
        await ctx.outbox.add(tx, {
          aggregate: sessionAggregate(id),
          kind: 'event',
          topic: TOPICS.sessionAlert,
          data: alert,
        });
    }
    changed(id, 'saved', 'save');
  });
  return { created: false };
}
