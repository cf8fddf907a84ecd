// Users and sessions through the API, as clients would: register, verify the e-mail (the
// notification service's embedded outbox), create a session with a destination, invite, accept.
import { randomBytes, randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  SESSION_ID_ALPHABET,
  SESSION_ID_LENGTH,
  type Invite,
  type Plan,
  type Session,
  type User,
} from '@oneeta/contracts';
import type { BenchStack } from './stack.js';

const PASSWORD = 'Str0ng!pass';

export interface Answer<T> {
  status: number;
  body: T;
}

export async function call<T = Record<string, unknown>>(
  url: string,
  {
    method = 'GET',
    body,
    token,
    headers = {},
    timeoutMs = 30_000,
  }: {
    method?: string;
    body?: unknown;
    token?: string;
    headers?: Record<string, string>;
    timeoutMs?: number;
  } = {},
): Promise<Answer<T>> {
  const all: Record<string, string> = { ...headers };
  if (body !== undefined) all['content-type'] = 'application/json';
  if (token) all.authorization = `Bearer ${token}`;
  const res = await fetch(url, {
    method,
    headers: all,
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(timeoutMs),
  });
  const text = await res.text();
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = text;
  }
  return { status: res.status, body: parsed as T };
}

export async function ok<T = Record<string, unknown>>(
  url: string,
  options: Parameters<typeof call>[1] = {},
): Promise<T> {
  const answer = await call<T>(url, options);
  if (answer.status < 200 || answer.status >= 300)
    throw new Error(
      `${options.method ?? 'GET'} ${url} answered ${answer.status}: ${JSON.stringify(answer.body)}`,
    );
  return answer.body;
}

/** Runs `work` over `items` with at most `limit` at once. */
export async function pool<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T, i: number) => Promise<R>,
): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await work(items[i]!, i);
    }
  });
  await Promise.all(lanes);
  return out;
}

export interface BenchUser {
  email: string;
  token: string;
  user: User;
}

async function verify(stack: BenchStack, email: string): Promise<void> {
  const url = `${stack.notificationUrl}/internal/email-outbox?to=${encodeURIComponent(email.toLowerCase())}`;
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const { messages } = await ok<{ messages: { text: string }[] }>(url, {
      headers: { 'x-internal-token': stack.internalToken },
    });
    const token = messages
      .map((m) => /https?:\/\/\S*\/verify-email\?token=([\w.-]+)/.exec(m.text)?.[1])
      .find(Boolean);
    if (token) {
      await ok(`${stack.base}/api/auth/verify-email`, { method: 'POST', body: { token } });
      return;
    }
    await sleep(250);
  }
  throw new Error(`no verification e-mail reached ${email} within 60 s`);
}

/** A registered user whose e-mail is verified, on `plan` (set through auth's internal route). */
export async function registerVerified(
  stack: BenchStack,
  authUrl: string,
  tag: string,
  plan: Plan,
): Promise<BenchUser> {
  const email = `bench-${tag}-${randomUUID().slice(0, 8)}@example.com`;
  const registered = await ok<{ token: string; user: User }>(`${stack.base}/api/auth/register`, {
    method: 'POST',
    body: { email, password: PASSWORD, name: tag },
  });
  await verify(stack, email);
  if (plan !== 'free') {
    await ok(`${authUrl}/internal/users/${registered.user.id}/plan`, {
      method: 'PUT',
      body: { plan },
      headers: { 'x-internal-token': stack.internalToken },
    });
  }
  // Signed in again: the token carries the plan and the verified address.
  const signedIn = await ok<{ token: string; user: User }>(`${stack.base}/api/auth/login`, {
    method: 'POST',
    body: { email, password: PASSWORD },
  });
  return { email, ...signedIn };
}

export interface LatLon {
  lat: number;
  lon: number;
}

function sessionId(): string {
  return Array.from(
    randomBytes(SESSION_ID_LENGTH),
    (b) => SESSION_ID_ALPHABET[b % SESSION_ID_ALPHABET.length],
  ).join('');
}

/** POST /api/sessions with a destination, an arrival in two hours, by car. */
export async function createSession(
  stack: BenchStack,
  token: string,
  destination: LatLon,
  index: number,
): Promise<Session> {
  const id = sessionId();
  const { session } = await ok<{ session: Session }>(`${stack.base}/api/sessions`, {
    method: 'POST',
    token,
    body: {
      sessionId: id,
      destination: {
        id: `bench-place-${id}`,
        name: `Bench ${index}`,
        address: `${index} Pike St, Seattle, WA`,
        position: destination,
      },
      tzId: 'America/Los_Angeles',
      arriveAt: new Date(Date.now() + 2 * 3600_000).toISOString(),
      travelMode: 'car',
      participants: [],
    },
  });
  return session;
}

/** The owner invites `member` by e-mail; the member accepts from `at`. */
export async function join(
  stack: BenchStack,
  owner: BenchUser,
  id: string,
  member: BenchUser,
  at: LatLon,
): Promise<void> {
  const { invite } = await ok<{ invite: Invite }>(`${stack.base}/api/sessions/${id}/invites`, {
    method: 'POST',
    token: owner.token,
    body: { name: member.user.name ?? '', email: member.email },
  });
  await ok(`${stack.base}/api/sessions/${id}/invite/${invite.code}/accept`, {
    method: 'POST',
    token: member.token,
    body: { code: invite.code, lat: at.lat, lon: at.lon },
  });
}

/** The plan whose participant limit fits a session of `size` people (owner included). */
export function planFor(size: number): Plan {
  if (size - 1 <= 5) return 'standard';
  if (size - 1 <= 12) return 'premium';
  return 'enterprise';
}
