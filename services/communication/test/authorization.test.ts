/**
 * Who may make each communication call, by how they stand in the session (the session service
 * says, fresh on every call). Administrator rights give nothing here: chat follows membership.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invite, type TestUser } from '@oneeta/session/testing';
import { postToken, sessionThread, sessionWith } from './factories.js';
import { startStack, type Stack } from './helpers.js';

let h: Stack;
let sessionId: string;
let threadId: string;
const callers: Record<string, TestUser | null> = {};

beforeAll(async () => {
  h = await startStack();
  const [owner, participant, invitee, stranger, admin] = [
    await h.user(),
    await h.user(),
    await h.user(),
    await h.user(),
    await h.user({ isAdmin: true }),
  ];
  sessionId = await sessionWith(h, owner, [participant]);
  await invite(h.session, owner, sessionId, invitee.email);
  threadId = (await sessionThread(h, owner, sessionId)).threadId;
  Object.assign(callers, { anonymous: null, stranger, admin, invitee, participant, owner });
});
afterAll(async () => {
  await h?.close();
});

const token = (who: string) => callers[who]?.token ?? null;

const ROLES = ['anonymous', 'stranger', 'admin', 'invitee', 'participant', 'owner'] as const;
type Role = (typeof ROLES)[number];

/** One communication call: its path, its body for a caller, and what a member gets. */
interface Call {
  url: string;
  label?: string;
  payload: (who: Role) => object;
  /** The status a member (participant and owner) gets. */
  ok: number;
  /** Only the owner gets `ok`; a participant gets 403 like anyone else. */
  ownerOnly?: boolean;
}

/** 401 anonymous; 403 anyone not in the session (an administrator too, and a pending invitee). */
const expected = (who: Role, call: Call): number =>
  who === 'anonymous'
    ? 401
    : who === 'owner' || (who === 'participant' && !call.ownerOnly)
      ? call.ok
      : 403;

const CALLS: Call[] = [
  { url: 'token', label: 'token for the session', payload: () => ({ sessionId }), ok: 200 },
  { url: 'thread', label: 'thread (attach)', payload: () => ({ sessionId, threadId }), ok: 200 },
  { url: 'participants', payload: () => ({ sessionId }), ok: 200 },
  {
    url: 'audit-message',
    payload: (who) => ({
      sessionId,
      clientMessageId: `auth-${who}`,
      messageLength: 4,
      event: 'chat_message_sent',
    }),
    ok: 202,
  },
  { url: 'call-usage/start', payload: () => ({ sessionId, mode: 'video' }), ok: 202 },
  { url: 'call-usage/end', payload: () => ({ sessionId, callId: 'no-such-call' }), ok: 202 },
  { url: 'complete-call', payload: () => ({ sessionId, acsIds: ['8:acs:someone'] }), ok: 200 },
  // Last: the owner's reset gives the session a new thread.
  {
    url: 'reset',
    label: 'reset (owner only)',
    payload: () => ({ sessionId }),
    ok: 200,
    ownerOnly: true,
  },
];

const post = (url: string, who: string, payload: object) =>
  h.app.inject({
    method: 'POST',
    url: `/api/communication/${url}`,
    headers: token(who) ? { authorization: `Bearer ${token(who)}` } : {},
    payload,
  });
const liveThread = async () => (await h.chat.sessionThread(sessionId))?.id;

describe('authorization of the communication calls', () => {
  it.each(
    CALLS.flatMap((call) =>
      ROLES.map((who) => [call.label ?? call.url, who, expected(who, call), call] as const),
    ),
  )('POST /api/communication/%s: %s → %i', async (_label, who, status, call) => {
    const before = await liveThread();
    const res = await post(call.url, who, call.payload(who));
    expect(res.statusCode, res.body).toBe(status);
    if (call.url === 'token' && status === 200) expect(res.json().threadId).toBe(before);
    // Only the owner's reset replaces the thread; a refused one changes nothing.
    if (call.url === 'reset' && status === 200) expect(await liveThread()).not.toBe(before);
    else expect(await liveThread()).toBe(before);
  });

  it('gives any signed-in user a token with no session (no thread), and refuses anonymous callers', async () => {
    const res = await postToken(h, token('stranger'));
    expect(res.statusCode).toBe(200);
    expect(res.json().threadId).toBe('');
    expect((await postToken(h, null)).statusCode).toBe(401);
  });
});
