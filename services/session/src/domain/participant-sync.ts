import {
  SAME_PARTICIPANT_TOLERANCE_DEG,
  type LocationSource,
  type ParticipantInput,
} from '@oneeta/contracts';

/** What the sync rules need of a stored participant row. */
export interface StoredParticipant {
  id: string;
  userId: string | null;
  name: string;
  lat: number | null;
  lon: number | null;
  locationSource?: LocationSource | null;
  status: 'active' | 'pending' | 'left';
}

export interface SyncCaller {
  userId: string;
  isOwner: boolean;
}

export interface RowUpdate {
  id: string;
  fields: { lat?: number; lon?: number; locationSource?: LocationSource | null; name?: string };
}

export interface RowInsert {
  id: string;
  userId: string | null;
  name: string;
  lat: number;
  lon: number;
  locationSource: LocationSource | null;
}

export interface SyncPlan {
  updates: RowUpdate[];
  inserts: RowInsert[];
  /** A position changed or a participant was added: travel times need recomputing. */
  moved: boolean;
}

// Floating point: 47.6105 - 47.61 is 0.000500000000002, still "within 0.0005 degrees".
const EPSILON = 1e-9;

/** doc 1 §9: the same participant when both coordinates are within 0.0005 degrees. */
export function samePlace(
  a: { lat: number; lon: number },
  b: { lat: number; lon: number },
  tolerance = SAME_PARTICIPANT_TOLERANCE_DEG,
): boolean {
  return (
    Math.abs(a.lat - b.lat) <= tolerance + EPSILON && Math.abs(a.lon - b.lon) <= tolerance + EPSILON
  );
}

const idMatches = (entry: ParticipantInput, row: StoredParticipant) =>
  row.id === entry.id || (row.userId !== null && entry.id === `user:${row.userId}`);

/**
 * Pairs each entry with a stored row: first by id (a row's own id, or 'user:<userId>'), then, for
 * the entries left over, by the nearest active row whose position is within the tolerance. A row
 * is matched at most once; duplicate entry ids keep the first.
 */
export function matchParticipants<R extends StoredParticipant>(
  entries: readonly ParticipantInput[],
  rows: readonly R[],
  tolerance = SAME_PARTICIPANT_TOLERANCE_DEG,
): Array<{ entry: ParticipantInput; row: R | undefined }> {
  const seen = new Set<string>();
  const unique = entries.filter((e) => !seen.has(e.id) && seen.add(e.id));
  const used = new Set<R>();
  const pairs = unique.map((entry) => {
    const row = rows.find((r) => !used.has(r) && idMatches(entry, r));
    if (row) used.add(row);
    return { entry, row };
  });
  for (const pair of pairs) {
    if (pair.row) continue;
    let best: R | undefined;
    let bestDistance = Infinity;
    for (const r of rows) {
      if (used.has(r) || r.status !== 'active' || r.lat === null || r.lon === null) continue;
      const here = { lat: r.lat, lon: r.lon };
      if (!samePlace(pair.entry, here, tolerance)) continue;
      const distance = Math.hypot(pair.entry.lat - here.lat, pair.entry.lon - here.lon);
      if (distance < bestDistance) [best, bestDistance] = [r, distance];
    }
    if (best) {
      used.add(best);
      pair.row = best;
    }
  }
  return pairs;
}

/**
 * Who may move which row, so members syncing at once never overwrite each other with stale copies:
 * a signed-in member's row only by that member; a row without a user (placed on the map) and new
 * entries only by the owner; pending and departed rows never (invites and leave manage them).
 * A caller's own entry ('user:<their id>') is added when they have no row yet.
 */
export function planSync(
  entries: readonly ParticipantInput[],
  rows: readonly StoredParticipant[],
  caller: SyncCaller,
): SyncPlan {
  const plan: SyncPlan = { updates: [], inserts: [], moved: false };
  const ownId = `user:${caller.userId}`;
  const hasOwnRow = rows.some((r) => r.userId === caller.userId);
  for (const { entry, row } of matchParticipants(entries, rows)) {
    const label = (entry.label ?? entry.name ?? '').trim();
    if (!row) {
      const own = entry.id === ownId && !hasOwnRow;
      const manual = caller.isOwner && !/^(user|invite):/.test(entry.id);
      if (!own && !manual) continue;
      plan.inserts.push({
        id: entry.id,
        userId: own ? caller.userId : null,
        name: label,
        lat: entry.lat,
        lon: entry.lon,
        locationSource: entry.locationSource ?? null,
      });
      plan.moved = true;
      continue;
    }
    const mayEdit =
      row.status === 'active' &&
      (row.userId === caller.userId || (row.userId === null && caller.isOwner));
    if (!mayEdit) continue;
    const fields: RowUpdate['fields'] = {};
    if (row.lat !== entry.lat || row.lon !== entry.lon) {
      fields.lat = entry.lat;
      fields.lon = entry.lon;
      plan.moved = true;
    }
    // A new position, or the same one now known to be a typed address: its source follows.
    if (
      fields.lat !== undefined ||
      (entry.locationSource && entry.locationSource !== row.locationSource)
    )
      fields.locationSource = entry.locationSource ?? null;
    if (label && label !== row.name) fields.name = label;
    if (Object.keys(fields).length > 0) plan.updates.push({ id: row.id, fields });
  }
  return plan;
}
