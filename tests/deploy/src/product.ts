// What the deployment test does as people do it, over HTTP through the stack's public port (or one
// chosen gateway replica), and what it reads from the stack's own records to count deliveries:
// the notification service's e-mail outbox and in-app rows, through PostgreSQL in its container.
import { randomBytes, randomUUID } from 'node:crypto';
import { SESSION_ID_ALPHABET, SESSION_ID_LENGTH } from '@oneeta/contracts';
import { call, type Answer } from '@oneeta/faults/world';
import { waitUntil } from '@oneeta/faults/wait';
import type { Stack } from './compose.js';

export const PASSWORD = 'Str0ng!pass';
export const PIKE_PLACE = { lat: 47.6097, lon: -122.3422 };
export const BELLEVUE = { lat: 47.6101, lon: -122.2015 };
export const EVERETT = { lat: 47.979, lon: -122.2021 };
/** More than an hour south of Seattle by car: whoever is there is late. */
export const CENTRALIA = { lat: 46.7162, lon: -122.9543 };

export interface Person {
  userId: string;
  email: string;
  name: string;
  token: string;
}

export async function must(
  url: string,
  options: Parameters<typeof call>[1] = {},
): Promise<Record<string, unknown>> {
  const answer: Answer = await call(url, options);
  if (answer.status < 200 || answer.status >= 300)
    throw new Error(
      `${options.method ?? 'GET'} ${url} answered ${answer.status}: ${JSON.stringify(answer.body)}`,
    );
  return answer.body ?? {};
}

/** One SQL answer from the stack's PostgreSQL (psql in its container), rows of tab-separated text. */
export async function sql(stack: Stack, query: string): Promise<string[][]> {
  const out = await stack.compose(
    'exec',
    '-T',
    'postgres',
    'psql',
    '-U',
    'oneeta',
    '-d',
    'oneeta',
    '-tAF',
    '\t',
    '-c',
    query,
  );
  return out
    .split('\n')
    .filter(Boolean)
    .map((line) => line.split('\t'));
}

const quote = (text: string) => `'${text.replace(/'/g, "''")}'`;

/** How many e-mails the embedded outbox holds for `to`, by subject. */
export async function emailsTo(stack: Stack, to: string): Promise<Map<string, number>> {
  const rows = await sql(
    stack,
    `select subject, count(*) from notification.email_outbox where "to" = ${quote(to.toLowerCase())} group by subject`,
  );
  return new Map(rows.map(([subject, n]) => [subject!, Number(n)]));
}

/** The texts of the e-mails to `to`, newest first. */
export async function emailTexts(stack: Stack, to: string): Promise<string[]> {
  const rows = await sql(
    stack,
    `select replace(text, E'\\n', ' ') from notification.email_outbox where "to" = ${quote(to.toLowerCase())} order by created_at desc`,
  );
  return rows.map(([text]) => text!);
}

/** In-app notifications (ended ones too) per kind for a user in a session. */
export async function inAppKinds(
  stack: Stack,
  userId: string,
  sessionId: string,
): Promise<Record<string, number>> {
  const rows = await sql(
    stack,
    `select kind, count(*) from notification.in_app_notifications where user_id = ${quote(userId)} and session_id = ${quote(sessionId)} group by kind`,
  );
  return Object.fromEntries(rows.map(([kind, n]) => [kind!, Number(n)]));
}

/** Registers through `base`, follows the verification link from the outbox, signs in again. */
export async function registerVerified(stack: Stack, base: string, name: string): Promise<Person> {
  const email = `deploy-${randomUUID().slice(0, 8)}@example.com`;
  const body = await must(`${base}/api/auth/register`, {
    method: 'POST',
    body: { email, password: PASSWORD, name },
  });
  const userId = (body.user as { id: string }).id;
  let token = '';
  await waitUntil(
    async () => {
      const link = (await emailTexts(stack, email))
        .map((text) => /\/verify-email\?token=([\w.-]+)/.exec(text))
        .find(Boolean);
      if (link) token = link[1]!;
      return Boolean(link);
    },
    30_000,
    `a verification e-mail reaches ${email}`,
    250,
  );
  await must(`${base}/api/auth/verify-email`, { method: 'POST', body: { token } });
  const signedIn = await must(`${base}/api/auth/login`, {
    method: 'POST',
    body: { email, password: PASSWORD },
  });
  const user = signedIn.user as { emailVerified?: boolean };
  if (user.emailVerified === false) throw new Error(`${email} is not verified after the link`);
  return { userId, email, name, token: signedIn.token as string };
}

export function newSessionId(): string {
  return Array.from(
    randomBytes(SESSION_ID_LENGTH),
    (b) => SESSION_ID_ALPHABET[b % SESSION_ID_ALPHABET.length],
  ).join('');
}

/** POST /api/sessions: the owner's session at Pike Place Market, arriving at `arriveAt`. */
export function saveSession(
  base: string,
  owner: Person,
  sessionId: string,
  arriveAt: Date,
  ownerAt = BELLEVUE,
) {
  return must(`${base}/api/sessions`, {
    method: 'POST',
    token: owner.token,
    body: {
      sessionId,
      destination: {
        id: `deploy-${sessionId}`,
        name: 'Pike Place Market',
        address: '85 Pike St, Seattle, WA',
        position: PIKE_PLACE,
      },
      tzId: 'America/Los_Angeles',
      arriveAt: arriveAt.toISOString(),
      travelMode: 'car',
      participants: [{ id: `user:${owner.userId}`, ...ownerAt, locationSource: 'device' }],
    },
  });
}

/** The owner invites `guest` by e-mail; the guest accepts from `at`. */
export async function inviteAndAccept(
  base: string,
  owner: Person,
  sessionId: string,
  guest: Person,
  at: { lat: number; lon: number },
): Promise<void> {
  const invite = await must(`${base}/api/sessions/${sessionId}/invites`, {
    method: 'POST',
    token: owner.token,
    body: { name: guest.name, email: guest.email },
  });
  const code = (invite.invite as { code: string }).code;
  await must(`${base}/api/sessions/${sessionId}/invite/${code}/accept`, {
    method: 'POST',
    token: guest.token,
    body: { code, lat: at.lat, lon: at.lon },
  });
}

export interface SeenParticipant {
  userId: string | null;
  travelTimeSeconds: number | null;
  status: string;
  lat: number | null;
}

export async function participants(
  base: string,
  token: string,
  sessionId: string,
): Promise<SeenParticipant[]> {
  const body = await must(`${base}/api/sessions/${sessionId}`, { token });
  return (body.session as { participants: SeenParticipant[] }).participants;
}

/**
 * The owner opens the session's chat thread; `from` posts a message that the owner reads back
 * (ACS's wire format, through the gateway's /chat).
 */
export async function chat(
  base: string,
  sessionId: string,
  owner: Person,
  from: Person,
  content: string,
): Promise<void> {
  const to = owner;
  const communication = `${base}/api/communication`;
  const thread = await must(`${communication}/thread`, {
    method: 'POST',
    token: owner.token,
    body: { sessionId },
  });
  const threadId = thread.threadId as string;
  const chatToken = async (who: Person) =>
    (
      await must(`${communication}/token`, {
        method: 'POST',
        token: who.token,
        body: { sessionId },
      })
    ).token as string;
  const messages = `${base}/chat/threads/${encodeURIComponent(threadId)}/messages?api-version=2025-03-15`;
  await must(messages, { method: 'POST', token: await chatToken(from), body: { content } });
  const listed = await must(messages, { token: await chatToken(to) });
  const texts = (listed.value as { type: string; content?: { message?: string } }[])
    .filter((m) => m.type === 'text')
    .map((m) => m.content?.message);
  if (!texts.includes(content)) throw new Error(`the chat message did not come back: ${texts}`);
}

/** Buys Standard through the test-mode checkout; answers once the account says so. */
export async function checkout(base: string, buyer: Person): Promise<void> {
  const { url } = (await must(`${base}/api/billing/create-checkout-session`, {
    method: 'POST',
    token: buyer.token,
    body: { plan: 'standard' },
  })) as { url: string };
  const id = new URL(url).pathname.split('/').pop()!;
  await must(`${base}/api/billing/checkout/${id}/pay`, { method: 'POST', token: buyer.token });
  await waitUntil(
    async () =>
      ((await must(`${base}/api/auth/me`, { token: buyer.token })).user as { plan: string })
        .plan === 'standard',
    30_000,
    'the plan is standard after the checkout',
    250,
  );
}
