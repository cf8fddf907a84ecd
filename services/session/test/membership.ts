/** Invite, join and sync helpers for the participant/invite tests (candidates for factories.ts). */
import { eq } from 'drizzle-orm';
import {
  inviteResponseSchema,
  participantsResponseSchema,
  type Invite,
  type ParticipantInput,
} from '@oneeta/contracts';
import { participants } from '../src/store/schema.js';
import { bearer } from './factories.js';
import type { SessionHarness, TestUser } from './helpers.js';

export const SEATTLE = { lat: 47.6062, lon: -122.3321 };

/** The owner invites `email`; returns the invite with its code (throws on refusal). */
export async function invite(
  h: SessionHarness,
  owner: TestUser,
  sessionId: string,
  email: string,
  name = 'Guest',
): Promise<Invite & { code: string }> {
  const res = await h.app.inject({
    method: 'POST',
    url: `/api/sessions/${sessionId}/invites`,
    headers: bearer(owner.token),
    payload: { name, email },
  });
  if (res.statusCode !== 201) throw new Error(`invite failed: ${res.statusCode} ${res.body}`);
  const created = inviteResponseSchema.parse(res.json()).invite;
  return { ...created, code: created.code! };
}

export const accept = (
  h: SessionHarness,
  user: TestUser | null,
  sessionId: string,
  code: string,
  body: object = { code, ...SEATTLE },
) =>
  h.app.inject({
    method: 'POST',
    url: `/api/sessions/${sessionId}/invite/${encodeURIComponent(code)}/accept`,
    headers: user ? bearer(user.token) : {},
    payload: body,
  });

/** Invites `user` by e-mail and accepts as them; returns their participant id. */
export async function join(
  h: SessionHarness,
  owner: TestUser,
  sessionId: string,
  user: TestUser,
  at = SEATTLE,
): Promise<string> {
  const inv = await invite(h, owner, sessionId, user.email, user.name ?? 'Guest');
  const res = await accept(h, user, sessionId, inv.code, { code: inv.code, ...at });
  if (res.statusCode !== 200) throw new Error(`accept failed: ${res.statusCode} ${res.body}`);
  return `user:${user.id}`;
}

export async function sync(
  h: SessionHarness,
  user: TestUser,
  sessionId: string,
  list: ParticipantInput[],
) {
  const res = await h.app.inject({
    method: 'PUT',
    url: `/api/sessions/${sessionId}/participants`,
    headers: bearer(user.token),
    payload: { participants: list },
  });
  return {
    res,
    participants:
      res.statusCode === 200 ? participantsResponseSchema.parse(res.json()).participants : [],
  };
}

/** Every stored participant row of a session, straight from the database. */
export const rowsOf = (h: SessionHarness, sessionId: string) =>
  h.database.db.select().from(participants).where(eq(participants.sessionId, sessionId));

/** Removes the session's queued route jobs (and so their deduplication key), so the next change queues a fresh one. */
export async function clearRouteJobs(h: SessionHarness, sessionId: string) {
  await h.drained();
  const jobs = await h.routeQueue.getJobs(['delayed', 'waiting', 'prioritized']);
  for (const j of jobs)
    if ((j.data as { sessionId: string }).sessionId === sessionId) await j.remove();
}

/** The route-matrix jobs waiting for a session (delayed by the debounce window), once the outbox is delivered. */
export async function routeJobs(h: SessionHarness, sessionId: string) {
  await h.drained();
  const jobs = await h.routeQueue.getJobs(['delayed', 'waiting', 'prioritized']);
  return jobs
    .filter((j) => (j.data as { sessionId: string }).sessionId === sessionId)
    .map((j) => j.data as { reason: string });
}

/** The owner proposes two places to compare (Café Alma, Volunteer Park); returns the suggestion id. */
export async function proposeTwoPlaces(
  h: SessionHarness,
  owner: TestUser,
  sessionId: string,
): Promise<string> {
  const res = await h.app.inject({
    method: 'POST',
    url: `/api/sessions/${sessionId}/suggestions`,
    headers: bearer(owner.token),
    payload: {
      candidates: [
        { name: 'Café Alma', position: SEATTLE },
        { name: 'Volunteer Park', position: { lat: 47.63, lon: -122.31 } },
      ],
    },
  });
  if (res.statusCode !== 201) throw new Error(`proposal failed: ${res.statusCode} ${res.body}`);
  return (res.json() as { suggestion: { id: string } }).suggestion.id;
}

/** `user` gives place `index` of suggestion `sid` a thumbs up (throws on refusal). */
export async function voteFor(
  h: SessionHarness,
  user: TestUser,
  sessionId: string,
  sid: string,
  index: number,
): Promise<void> {
  const res = await h.app.inject({
    method: 'POST',
    url: `/api/sessions/${sessionId}/suggestions/${sid}/votes`,
    headers: bearer(user.token),
    payload: { index },
  });
  if (res.statusCode !== 200) throw new Error(`vote failed: ${res.statusCode} ${res.body}`);
}
