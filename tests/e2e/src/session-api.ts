// API seeding and reading for the quick-session tests: invites, accepting, positions,
// and waiting for the travel worker. No vitest or browser here, so scripts can use it too.
import type { Invite, Participant, Session } from '@oneeta/contracts';
import { ok, request, type TestUser } from './api.js';
import type { StackInfo } from './stack.js';

export interface LatLon {
  lat: number;
  lon: number;
}

/** Real places around Seattle (the offline gazetteer and travel estimate know them). */
export const PLACES = {
  seattle: { lat: 47.6062, lon: -122.3321 },
  bellevue: { lat: 47.6101, lon: -122.2015 },
  redmond: { lat: 47.674, lon: -122.1215 },
  renton: { lat: 47.4829, lon: -122.2171 },
  everett: { lat: 47.979, lon: -122.2021 },
  tacoma: { lat: 47.2529, lon: -122.4443 },
} as const satisfies Record<string, LatLon>;

/**
 * A place near `at` that no other test uses: the route-matrix worker bills (and the admin ledger
 * records) only cells it computes, and earlier tests leave the shared places' cells in the cache.
 */
export function somewhereNear(at: LatLon): LatLon {
  return { lat: at.lat + 0.01 + Math.random() * 0.04, lon: at.lon - 0.01 - Math.random() * 0.04 };
}

/** GET /api/sessions/:id as `token`. */
export async function fetchSession(stack: StackInfo, token: string, id: string): Promise<Session> {
  const { session } = await ok<{ session: Session }>(`${stack.base}/api/sessions/${id}`, { token });
  return session;
}

/** POST /api/sessions/:id/invites as the owner. */
export async function inviteByApi(
  stack: StackInfo,
  ownerToken: string,
  id: string,
  invitee: TestUser,
): Promise<Invite> {
  const { invite } = await ok<{ invite: Invite }>(`${stack.base}/api/sessions/${id}/invites`, {
    method: 'POST',
    token: ownerToken,
    body: { name: invitee.name ?? '', email: invitee.email },
  });
  return invite;
}

/** POST /api/sessions/:id/invite/:code/accept as the invitee, from `at`. */
export async function acceptByApi(
  stack: StackInfo,
  invitee: TestUser,
  id: string,
  code: string,
  at: LatLon,
): Promise<Participant> {
  const { participant } = await ok<{ participant: Participant }>(
    `${stack.base}/api/sessions/${id}/invite/${code}/accept`,
    { method: 'POST', token: invitee.token, body: { code, lat: at.lat, lon: at.lon } },
  );
  return participant;
}

/** PUT /api/location as `user` (what a page does on a position change). */
export async function sendLocation(stack: StackInfo, token: string, at: LatLon) {
  return ok<{ updated: string[] }>(`${stack.base}/api/location`, {
    method: 'PUT',
    token,
    body: { latitude: at.lat, longitude: at.lon, accuracy: 10, timestamp: Date.now() },
  });
}

/** The participant of `user` in `session` (ids are 'user:<id>'). */
export function participantOf(session: Session, user: TestUser): Participant | undefined {
  return session.participants.find((p) => p.userId === user.user.id);
}

/**
 * Polls GET /api/sessions/:id until `check` holds (the travel worker fills travel times a moment
 * after a change); answers that session.
 */
export async function waitForSession(
  stack: StackInfo,
  token: string,
  id: string,
  check: (session: Session) => boolean,
  { timeout = 20_000, what = 'the session to change' }: { timeout?: number; what?: string } = {},
): Promise<Session> {
  const deadline = Date.now() + timeout;
  let last: Session | undefined;
  while (Date.now() < deadline) {
    // A session the page is still creating answers 404 until its first save lands.
    const answer = await request<{ session: Session }>(`${stack.base}/api/sessions/${id}`, {
      token,
    });
    if (answer.status === 200) {
      last = answer.body.session;
      if (check(last)) return last;
    } else if (answer.status !== 404) {
      throw new Error(
        `GET /api/sessions/${id} answered ${answer.status}: ${JSON.stringify(answer.body)}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  throw new Error(
    `waited ${timeout / 1000} s for ${what}; last answer: ${JSON.stringify(last?.participants)}`,
  );
}
