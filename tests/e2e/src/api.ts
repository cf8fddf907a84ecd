// Seeding through the API, as a client would (the gateway), plus the auth service's internal plan
// route (reached on its own port with the stack's INTERNAL_TOKEN) to put a user on a paid plan.
import { randomBytes, randomUUID } from 'node:crypto';
import {
  SESSION_ID_ALPHABET,
  SESSION_ID_LENGTH,
  type Plan,
  type Session,
  type User,
} from '@oneeta/contracts';
import { vi } from 'vitest';
import type { StackInfo } from './stack.js';

/** Meets every register rule (8+ characters, upper, lower, number, symbol). */
export const STRONG_PASSWORD = 'Str0ng!pass';

export interface Answer<T> {
  status: number;
  body: T;
}

export async function request<T = Record<string, unknown>>(
  url: string,
  {
    method = 'GET',
    body,
    token,
    headers = {},
  }: { method?: string; body?: unknown; token?: string; headers?: Record<string, string> } = {},
): Promise<Answer<T>> {
  const all: Record<string, string> = { ...headers };
  if (body !== undefined) all['content-type'] = 'application/json';
  if (token) all.authorization = `Bearer ${token}`;
  const res = await fetch(url, {
    method,
    headers: all,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  let parsed: unknown = undefined;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = text;
  }
  return { status: res.status, body: parsed as T };
}

/** Like `request`, but throws a readable error unless the answer is 2xx. */
export async function ok<T = Record<string, unknown>>(
  url: string,
  options: Parameters<typeof request>[1] = {},
): Promise<T> {
  const answer = await request<T>(url, options);
  if (answer.status < 200 || answer.status >= 300) {
    throw new Error(
      `${options.method ?? 'GET'} ${url} answered ${answer.status}: ${JSON.stringify(answer.body)}`,
    );
  }
  return answer.body;
}

export function uniqueEmail(tag: string): string {
  return `e2e-${tag}-${randomUUID().slice(0, 8)}@example.com`;
}

export interface TestUser {
  email: string;
  password: string;
  name: string | null;
  token: string;
  user: User;
}

/** Registers a fresh user (its own e-mail), optionally on `plan`; answers a token with that plan. */
export async function registerUser(
  stack: StackInfo,
  { tag = 'user', name = null, plan }: { tag?: string; name?: string | null; plan?: Plan } = {},
): Promise<TestUser> {
  const email = uniqueEmail(tag);
  const registered = await ok<{ token: string; user: User }>(`${stack.base}/api/auth/register`, {
    method: 'POST',
    body: { email, password: STRONG_PASSWORD, ...(name ? { name } : {}) },
  });
  let user: TestUser = { email, password: STRONG_PASSWORD, name, ...registered };
  if (plan && plan !== 'free') {
    await setPlan(stack, registered.user.id, plan);
    user = { ...user, ...(await login(stack, email, STRONG_PASSWORD)) };
  }
  return user;
}

export function login(stack: StackInfo, email: string, password = STRONG_PASSWORD) {
  return ok<{ token: string; user: User }>(`${stack.base}/api/auth/login`, {
    method: 'POST',
    body: { email, password },
  });
}

/** PUT /internal/users/:id/plan on the auth service (what billing calls after a checkout). */
export function setPlan(stack: StackInfo, userId: string, plan: Plan) {
  return ok<{ user: User }>(`${stack.authUrl}/internal/users/${userId}/plan`, {
    method: 'PUT',
    body: { plan },
    headers: { 'x-internal-token': stack.internalToken },
  });
}

/** What the notification service's embedded e-mail outbox holds for `email`, newest first. */
export async function emailsTo(
  stack: StackInfo,
  email: string,
): Promise<{ subject: string; text: string }[]> {
  const outbox = `${stack.notificationUrl}/internal/email-outbox?to=${encodeURIComponent(email.toLowerCase())}`;
  const { messages } = await ok<{ messages: { subject: string; text: string }[] }>(outbox, {
    headers: { 'x-internal-token': stack.internalToken },
  });
  return messages;
}

/**
 * Follows the verification link the notification service's embedded e-mail outbox holds for
 * `email` (it arrives a moment after registration: auth's event, then the notify queue; `pnpm start`
 * logs the same link), as its owner would: e-mail-matched invites and administrator rights need a
 * verified address.
 */
export async function verifyEmail(stack: StackInfo, email: string): Promise<void> {
  const token = await vi.waitFor(
    async () => {
      const link = (await emailsTo(stack, email))
        .map((message) => /https?:\/\/\S*\/verify-email\?token=([\w.-]+)/.exec(message.text))
        .find(Boolean);
      if (!link) throw new Error(`No verification link was sent to ${email}`);
      return link[1]!;
    },
    { timeout: 20_000, interval: 200 },
  );
  await ok(`${stack.base}/api/auth/verify-email`, { method: 'POST', body: { token } });
}

export function me(stack: StackInfo, token: string) {
  return ok<{ user: User }>(`${stack.base}/api/auth/me`, { token });
}

/** A random session id: 7 characters of SESSION_ID_ALPHABET. */
export function sessionId(): string {
  const bytes = randomBytes(SESSION_ID_LENGTH);
  return Array.from(bytes, (b) => SESSION_ID_ALPHABET[b % SESSION_ID_ALPHABET.length]).join('');
}

/** POST /api/sessions: a session with a destination, an arrival tomorrow, and no participants. */
export async function createSession(
  stack: StackInfo,
  token: string,
  { name = 'Pike Place Market', index = 0 }: { name?: string; index?: number } = {},
): Promise<Session> {
  const id = sessionId();
  const { session } = await ok<{ session: Session }>(`${stack.base}/api/sessions`, {
    method: 'POST',
    token,
    body: {
      sessionId: id,
      destination: {
        id: `e2e-place-${id}`,
        name,
        address: `${100 + index} Pike St, Seattle, WA`,
        position: { lat: 47.6097 + index * 0.001, lon: -122.3422 },
      },
      tzId: 'America/Los_Angeles',
      arriveAt: new Date(Date.now() + 24 * 3600_000 + index * 60_000).toISOString(),
      travelMode: 'car',
      participants: [],
    },
  });
  return session;
}

export async function closeSession(stack: StackInfo, token: string, id: string): Promise<Session> {
  const { session } = await ok<{ session: Session }>(`${stack.base}/api/sessions/${id}/close`, {
    method: 'POST',
    token,
    body: { confirm: true },
  });
  return session;
}

/** `count` sessions named `${prefix} 01`…, created one after another (so newest-first order is known). */
export async function seedSessions(
  stack: StackInfo,
  token: string,
  count: number,
  { prefix, close = false }: { prefix: string; close?: boolean },
): Promise<Session[]> {
  const sessions: Session[] = [];
  for (let i = 1; i <= count; i++) {
    const session = await createSession(stack, token, {
      name: `${prefix} ${String(i).padStart(2, '0')}`,
      index: i,
    });
    sessions.push(close ? await closeSession(stack, token, session.sessionId) : session);
  }
  return sessions;
}

/**
 * The stack's administrator (its ADMIN_EMAIL): registered (or signed in when a running stack has it
 * already), its e-mail verified, then signed in again; answers once every service that guards an
 * admin call has learned the right (they read it fresh, not from the old token).
 */
export async function registerAdmin(stack: StackInfo): Promise<TestUser> {
  const email = stack.adminEmail;
  const registered = await request<{ token: string; user: User }>(
    `${stack.base}/api/auth/register`,
    { method: 'POST', body: { email, password: STRONG_PASSWORD, name: 'Ada Admin' } },
  );
  const first =
    registered.status === 200 || registered.status === 201
      ? registered.body
      : await login(stack, email);
  if (!first.user.isAdmin) await verifyEmail(stack, email);
  const signedIn = await login(stack, email);
  for (const call of ['users', 'azure-usage', 'queue', 'sessions/counts']) {
    await vi.waitFor(
      async () => {
        const answer = await request(`${stack.base}/api/admin/${call}?limit=1`, {
          token: signedIn.token,
        });
        if (answer.status !== 200) throw new Error(`/api/admin/${call} answered ${answer.status}`);
      },
      { timeout: 20_000, interval: 250 },
    );
  }
  return { email, password: STRONG_PASSWORD, name: 'Ada Admin', ...signedIn };
}
