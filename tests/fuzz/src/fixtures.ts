// The people and sessions the fuzzer calls with, made through the real API as clients would:
// an owner, a participant who accepted an invite, a stranger, an administrator (ADMIN_EMAIL,
// verified through the link the notification service's e-mail outbox holds), and per operation a fresh "world":
// a session of the owner's with the participant in it and one pending invite.
import { randomBytes, randomUUID } from 'node:crypto';
import { vi } from 'vitest';
import { call } from './client.js';
import type { StackInfo } from './stack.js';

export const PASSWORD = 'Fuzz!pass9';
const SESSION_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

export type Role = 'owner' | 'participant' | 'stranger' | 'admin';

export interface FuzzUser {
  role: Role;
  id: string;
  email: string;
  token: string;
}

interface AuthAnswer {
  token: string;
  user: { id: string; email: string; isAdmin?: boolean };
}

export async function register(
  stack: StackInfo,
  role: Role,
  email = `fuzz-${role}-${randomUUID().slice(0, 8)}@example.com`,
): Promise<FuzzUser> {
  const { token, user } = await call<AuthAnswer>(stack.base, 'POST', '/api/auth/register', {
    body: { email, password: PASSWORD, name: `Fuzz ${role}` },
  });
  return { role, id: user.id, email, token };
}

/**
 * Follows the verification link the notification service's embedded e-mail outbox holds (it arrives
 * a moment after registration: auth's event, then the notify queue).
 */
async function verifyEmail(stack: StackInfo, email: string): Promise<void> {
  const outbox = `${stack.notificationUrl}/internal/email-outbox?to=${encodeURIComponent(email.toLowerCase())}`;
  const token = await vi.waitFor(
    async () => {
      const res = await fetch(outbox, {
        headers: { 'x-internal-token': stack.internalToken ?? '' },
      });
      if (!res.ok) throw new Error(`the e-mail outbox answered ${res.status}`);
      const { messages } = (await res.json()) as { messages: { text: string }[] };
      const link = messages.map((m) => /verify-email\?token=([\w.-]+)/.exec(m.text)).find(Boolean);
      if (!link) throw new Error(`no verification link was sent to ${email}`);
      return link[1]!;
    },
    { timeout: 20_000, interval: 200 },
  );
  await call(stack.base, 'POST', '/api/auth/verify-email', { body: { token } });
}

/** The administrator, when the stack's ADMIN_EMAIL and its outbox are known; else undefined. */
async function admin(stack: StackInfo): Promise<FuzzUser | undefined> {
  if (!stack.adminEmail || !stack.notificationUrl || !stack.internalToken) return undefined;
  let user: FuzzUser;
  try {
    user = await register(stack, 'admin', stack.adminEmail);
  } catch {
    // Registered by an earlier run on the same stack: sign in instead.
    const { token, user: u } = await call<AuthAnswer>(stack.base, 'POST', '/api/auth/login', {
      body: { email: stack.adminEmail, password: PASSWORD },
    });
    user = { role: 'admin', id: u.id, email: stack.adminEmail, token };
  }
  await verifyEmail(stack, user.email).catch(() => {}); // already verified on a reused stack
  const { token, user: fresh } = await call<AuthAnswer>(stack.base, 'POST', '/api/auth/login', {
    body: { email: user.email, password: PASSWORD },
  });
  if (!fresh.isAdmin)
    throw new Error(
      `${user.email} is verified but not an administrator: is ADMIN_EMAIL ${stack.adminEmail}?`,
    );
  return { ...user, token };
}

export interface People {
  owner: FuzzUser;
  participant: FuzzUser;
  stranger: FuzzUser;
  admin?: FuzzUser;
}

/**
 * The owner and the participant on the premium plan when the stack's internal plan route is within
 * reach (what billing calls after a checkout): valid session saves then create sessions instead of
 * meeting the free plan's one open session. The stranger stays on the free plan.
 */
async function premium(stack: StackInfo, user: FuzzUser): Promise<FuzzUser> {
  if (!stack.authUrl || !stack.internalToken) return user;
  const res = await fetch(`${stack.authUrl}/internal/users/${user.id}/plan`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', 'x-internal-token': stack.internalToken },
    body: JSON.stringify({ plan: 'premium' }),
  });
  if (!res.ok) throw new Error(`the internal plan route answered ${res.status}`);
  // A fresh token with the new plan in its claims (signing in again could meet the per-address
  // limit that wrong current passwords sent to PATCH /api/auth/me count towards).
  const { token } = await call<AuthAnswer>(stack.base, 'POST', '/api/auth/refresh', {
    token: user.token,
  });
  return { ...user, token };
}

/**
 * Puts the owner and the participant back on premium when a valid call moved them to free
 * (PATCH /api/auth/plan), so the next world still has room for its sessions.
 */
export async function restorePlans(stack: StackInfo, people: People): Promise<void> {
  for (const role of ['owner', 'participant'] as const) {
    const { user } = await call<{ user: { plan: string } }>(stack.base, 'GET', '/api/auth/me', {
      token: people[role].token,
    });
    if (user.plan !== 'premium') people[role] = await premium(stack, people[role]);
  }
}

/**
 * Fresh tokens for everyone, by signing in again: after an operation that ends sign-ins (sign-out,
 * sign-out everywhere, a password change or reset) the old ones are refused.
 */
export async function signInAgain(stack: StackInfo, people: People): Promise<void> {
  for (const role of ['owner', 'participant', 'stranger', 'admin'] as const) {
    const user = people[role];
    if (!user) continue;
    const { token } = await call<AuthAnswer>(stack.base, 'POST', '/api/auth/login', {
      body: { email: user.email, password: PASSWORD },
    });
    people[role] = { ...user, token };
  }
}

export async function makePeople(stack: StackInfo): Promise<People> {
  const [owner, participant, stranger] = await Promise.all([
    register(stack, 'owner').then((u) => premium(stack, u)),
    register(stack, 'participant').then((u) => premium(stack, u)),
    register(stack, 'stranger'),
  ]);
  return { owner, participant, stranger, admin: await admin(stack) };
}

export function newSessionId(): string {
  return Array.from(randomBytes(7), (b) => SESSION_ALPHABET[b % SESSION_ALPHABET.length]).join('');
}

interface SessionAnswer {
  session: {
    sessionId: string;
    participants: { id: string; userId: string | null; isOwner: boolean }[];
  };
}

export interface World {
  sessionId: string;
  ownerPid: string;
  participantPid: string;
  /** Accepted by the participant. */
  acceptedInvite: { id: string; code: string };
  /** For an address nobody registered. */
  pendingInvite: { id: string; code: string };
  /** The session's chat: each fixture user's chat token (the stranger's for no thread), one message. */
  chat: { tokens: Partial<Record<Role, string>>; threadId: string; messageId: string };
}

/** The chat API version of the embedded chat server (ACS's wire format). */
export const CHAT_API_VERSION = '2025-03-15';

/** The session's thread (the owner's call makes it), a chat token per user, and one message in it. */
async function makeChat(
  stack: StackInfo,
  people: People,
  sessionId: string,
): Promise<World['chat']> {
  const { threadId } = await call<{ threadId: string }>(
    stack.base,
    'POST',
    '/api/communication/thread',
    {
      token: people.owner.token,
      body: { sessionId },
    },
  );
  const tokenOf = (user: FuzzUser, body: object) =>
    call<{ token: string }>(stack.base, 'POST', '/api/communication/token', {
      token: user.token,
      body,
    }).then((a) => a.token);
  const tokens: World['chat']['tokens'] = {
    owner: await tokenOf(people.owner, { sessionId }),
    participant: await tokenOf(people.participant, { sessionId }),
    stranger: await tokenOf(people.stranger, {}),
  };
  if (people.admin) tokens.admin = await tokenOf(people.admin, {});
  const { id: messageId } = await call<{ id: string }>(
    stack.base,
    'POST',
    `/chat/threads/${encodeURIComponent(threadId)}/messages?api-version=${CHAT_API_VERSION}`,
    { token: tokens.owner, body: { content: 'Fuzz hello' } },
  );
  return { tokens, threadId, messageId };
}

/** A session of the owner's, the participant in it (invited, accepted), one invite pending. */
export async function makeWorld(stack: StackInfo, people: People): Promise<World> {
  const sessionId = newSessionId();
  const arriveAt = new Date(Date.now() + 24 * 3600_000).toISOString();
  const created = await call<SessionAnswer>(stack.base, 'POST', '/api/sessions', {
    token: people.owner.token,
    body: {
      sessionId,
      destination: {
        id: `fuzz-place-${sessionId}`,
        name: 'Pike Place Market',
        address: '85 Pike St, Seattle, WA',
        position: { lat: 47.6097, lon: -122.3422 },
      },
      tzId: 'America/Los_Angeles',
      arriveAt,
      participants: [
        { id: `user:${people.owner.id}`, name: 'Fuzz owner', lat: 47.62, lon: -122.35 },
      ],
    },
  });
  const ownerPid = created.session.participants.find((p) => p.isOwner)?.id;
  if (!ownerPid) throw new Error(`the new session ${sessionId} has no owner row`);
  const invite = (email: string, name: string) =>
    call<{ invite: { id: string; code: string } }>(
      stack.base,
      'POST',
      `/api/sessions/${sessionId}/invites`,
      {
        token: people.owner.token,
        body: { name, email },
      },
    ).then((a) => a.invite);
  const acceptedInvite = await invite(people.participant.email, 'Fuzz participant');
  const pendingInvite = await invite(
    `fuzz-nobody-${randomUUID().slice(0, 8)}@example.com`,
    'Fuzz nobody',
  );
  const accepted = await call<{ participant: { id: string } }>(
    stack.base,
    'POST',
    `/api/sessions/${sessionId}/invite/${acceptedInvite.code}/accept`,
    {
      token: people.participant.token,
      body: { lat: 47.6, lon: -122.3 },
    },
  );
  return {
    sessionId,
    ownerPid,
    participantPid: accepted.participant.id,
    acceptedInvite,
    pendingInvite,
    chat: await makeChat(stack, people, sessionId),
  };
}

interface MineAnswer {
  items: { sessionId: string; role: 'owner' | 'participant' }[];
  nextCursor: string | null;
}

/**
 * Closes every open session any fixture user owns (the world, and whatever valid calls created),
 * so the free plan's one open session is free again for the next world.
 */
export async function closeOpenSessions(stack: StackInfo, people: People): Promise<void> {
  for (const user of [people.owner, people.participant, people.stranger, people.admin]) {
    if (!user) continue;
    const mine = await call<MineAnswer>(
      stack.base,
      'GET',
      '/api/sessions/mine?status=open&limit=100',
      { token: user.token },
    );
    for (const item of mine.items.filter((i) => i.role === 'owner')) {
      await call(stack.base, 'POST', `/api/sessions/${item.sessionId}/close`, {
        token: user.token,
        body: { confirm: true },
      });
    }
  }
}
