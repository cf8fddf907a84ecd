import { randomInt } from 'node:crypto';
import {
  SESSION_ID_ALPHABET,
  SESSION_ID_LENGTH,
  sessionResponseSchema,
  type SaveSessionBody,
  type Session,
} from '@oneeta/contracts';
import type { SessionHarness, TestUser } from './helpers.js';

/** The Authorization header for a token. */
export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A fresh, valid session id (7 characters from the contracts alphabet). */
export function newSessionId(): string {
  let id = '';
  for (let i = 0; i < SESSION_ID_LENGTH; i++)
    id += SESSION_ID_ALPHABET[randomInt(SESSION_ID_ALPHABET.length)];
  return id;
}

/** A confirmed destination (has an id and a position). */
export const destination = (
  overrides: Partial<{ id: string; name: string; address: string; lat: number; lon: number }> = {},
) => ({
  id: overrides.id ?? 'place-pike-place',
  name: overrides.name ?? 'Pike Place Market',
  address: overrides.address ?? '85 Pike St, Seattle, WA',
  position: { lat: overrides.lat ?? 47.6097, lon: overrides.lon ?? -122.3422 },
});

/** An arrival time comfortably in the future (default: tomorrow). */
export const futureIso = (ms = 24 * 3600_000) => new Date(Date.now() + ms).toISOString();

/** A valid save body; `overrides` replace whole fields. */
export function sessionBody(overrides: Partial<SaveSessionBody> = {}): SaveSessionBody {
  return {
    sessionId: newSessionId(),
    destination: destination(),
    tzId: 'America/Los_Angeles',
    arriveAt: futureIso(),
    travelMode: 'car',
    participants: [],
    ...overrides,
  };
}

/**
 * POSTs a valid session as `owner` (through `app.inject`) and returns the stored session.
 * Throws with the server's answer when the save is refused, so a failing setup is obvious.
 */
export async function createSession(
  h: SessionHarness,
  owner: TestUser,
  body: Partial<SaveSessionBody> = {},
): Promise<Session> {
  const res = await h.app.inject({
    method: 'POST',
    url: '/api/sessions',
    headers: bearer(owner.token),
    payload: sessionBody(body),
  });
  if (res.statusCode !== 201 && res.statusCode !== 200) {
    throw new Error(`createSession failed: ${res.statusCode} ${res.body}`);
  }
  return sessionResponseSchema.parse(res.json()).session;
}

/** POST /api/sessions as a token holder (null: anonymous). */
export const saveSession = (h: SessionHarness, token: string | null, payload: object) =>
  h.app.inject({
    method: 'POST',
    url: '/api/sessions',
    headers: token ? bearer(token) : {},
    payload,
  });

/** GET /api/sessions/:id as a token holder (none: anonymous). */
export const getSession = (h: SessionHarness, id: string, token?: string) =>
  h.app.inject({ method: 'GET', url: `/api/sessions/${id}`, headers: token ? bearer(token) : {} });
