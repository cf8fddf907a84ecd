import {
  communicationThreadResponseSchema,
  communicationTokenResponseSchema,
  type CommunicationThreadResponse,
  type CommunicationTokenResponse,
} from '@oneeta/contracts';
import { createSession, join, type TestUser } from '@oneeta/session/testing';
import { bearer, type Stack } from './helpers.js';

/** A session of `owner` with `members` joined as active participants (through the real session service). */
export async function sessionWith(
  h: Stack,
  owner: TestUser,
  members: TestUser[] = [],
): Promise<string> {
  const session = await createSession(h.session, owner);
  for (const member of members) await join(h.session, owner, session.sessionId, member);
  return session.sessionId;
}

export const postToken = (h: Stack, token: string | null, payload?: object) =>
  h.app.inject({
    method: 'POST',
    url: '/api/communication/token',
    headers: token ? bearer(token) : {},
    ...(payload ? { payload } : {}),
  });

export const postThread = (h: Stack, token: string | null, payload: object) =>
  h.app.inject({
    method: 'POST',
    url: '/api/communication/thread',
    headers: token ? bearer(token) : {},
    payload,
  });

export const postParticipants = (h: Stack, token: string | null, payload: object) =>
  h.app.inject({
    method: 'POST',
    url: '/api/communication/participants',
    headers: token ? bearer(token) : {},
    payload,
  });

/** A chat token for `user` (in `sessionId` when given); throws with the answer when refused. */
export async function chatToken(
  h: Stack,
  user: TestUser,
  sessionId?: string,
): Promise<CommunicationTokenResponse> {
  const res = await postToken(h, user.token, sessionId ? { sessionId } : {});
  if (res.statusCode !== 200) throw new Error(`token refused: ${res.statusCode} ${res.body}`);
  return communicationTokenResponseSchema.parse(res.json());
}

/** The session's thread as `user` gets it (the owner's first call creates it). */
export async function sessionThread(
  h: Stack,
  user: TestUser,
  sessionId: string,
): Promise<CommunicationThreadResponse> {
  const res = await postThread(h, user.token, { sessionId });
  if (res.statusCode !== 200) throw new Error(`thread refused: ${res.statusCode} ${res.body}`);
  return communicationThreadResponseSchema.parse(res.json());
}

/** POST /api/communication/call-usage/{start,end} as `token`'s user. */
export const postCallUsage = (
  h: Stack,
  step: 'start' | 'end',
  token: string | null,
  payload: object,
) =>
  h.app.inject({
    method: 'POST',
    url: `/api/communication/call-usage/${step}`,
    headers: token ? bearer(token) : {},
    payload,
  });

/**
 * Moves the start the server noted for `userId`'s open call in the session `ms` into the past, as if
 * the call had run that long (the clock is Redis's, so a test cannot wait an hour for it).
 */
export async function backdateOpenCall(h: Stack, sessionId: string, userId: string, ms: number) {
  const key = `${h.config.REDIS_PREFIX}:call-open:${sessionId}:${await h.chat.identityOf(userId)}`;
  const open = JSON.parse((await h.redis.get(key))!) as { startedAtMs: number };
  await h.redis.set(
    key,
    JSON.stringify({ ...open, startedAtMs: open.startedAtMs - ms }),
    'KEEPTTL',
  );
}
