import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMUNICATION_MESSAGES } from '@oneeta/contracts';
import { communicationUserIdOf } from '../src/domain/identity.js';
import {
  chatToken,
  postParticipants,
  postThread,
  postToken,
  sessionThread,
  sessionWith,
} from './factories.js';
import { startStack, type Stack } from './helpers.js';

let h: Stack;
beforeAll(async () => {
  h = await startStack();
});
afterAll(async () => {
  await h?.close();
});

describe('POST /api/communication/token', () => {
  it('gives a signed-in user a short-lived chat token with exp, the endpoint and their communication user id', async () => {
    const user = await h.user();
    const answer = await chatToken(h, user);
    expect(answer.user.id).toBe(communicationUserIdOf(user.id));
    expect(answer.endpoint).toBe(h.endpoint);
    expect(answer.threadId).toBe('');
    const payload = JSON.parse(
      Buffer.from(answer.token.split('.')[1]!, 'base64url').toString(),
    ) as { exp: number; sub: string };
    expect(payload.sub).toBe(answer.user.id);
    expect(new Date(answer.expiresOn).getTime()).toBe(payload.exp * 1000);
    expect(payload.exp * 1000 - Date.now()).toBeGreaterThan(10 * 60_000);
  });

  it('refuses anonymous callers with 401', async () => {
    expect((await postToken(h, null, {})).statusCode).toBe(401);
  });

  it("carries the session's thread for its members and refuses strangers with 403", async () => {
    const [owner, member, stranger] = [await h.user(), await h.user(), await h.user()];
    const sessionId = await sessionWith(h, owner, [member]);
    const { threadId } = await sessionThread(h, owner, sessionId);
    const answer = await chatToken(h, member, sessionId);
    expect(answer.threadId).toBe(threadId);
    // Asking for a token put the member in the thread.
    expect(await h.store.participant(threadId, communicationUserIdOf(member.id))).not.toBeNull();
    const refused = await postToken(h, stranger.token, { sessionId });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ error: COMMUNICATION_MESSAGES.notSessionMember });
  });

  it("answers 404 'Session not found' for a session that does not exist", async () => {
    const user = await h.user();
    const res = await postToken(h, user.token, { sessionId: 'no-such-session' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: COMMUNICATION_MESSAGES.sessionNotFound });
  });

  it('refuses a malformed sessionId with 400 and a sentence', async () => {
    const user = await h.user();
    const res = await postToken(h, user.token, { sessionId: 'bad id!' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(/sessionId/);
  });
});

describe('POST /api/communication/thread', () => {
  it('creates the thread for the session author, once; a second call returns the same thread', async () => {
    const owner = await h.user();
    const sessionId = await sessionWith(h, owner);
    const first = await sessionThread(h, owner, sessionId);
    expect(first.threadId).toMatch(/^19:[0-9a-f]{32}@thread\.v2$/);
    expect(first.endpoint).toBe(h.endpoint);
    expect(first.sessionAcsId).toBe(communicationUserIdOf(owner.id));
    expect((await sessionThread(h, owner, sessionId)).threadId).toBe(first.threadId);
  });

  it("refuses a participant who is not the author when there is no thread: 'Chat thread not created; only session author may create it'", async () => {
    const [owner, member] = [await h.user(), await h.user()];
    const sessionId = await sessionWith(h, owner, [member]);
    const res = await postThread(h, member.token, { sessionId });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ error: COMMUNICATION_MESSAGES.threadAuthorOnly });
    expect(await h.store.threadOfSession(sessionId)).toBeNull();
  });

  it("answers a member attaching before the author created it: 'No chat thread for this session. Only the session author may create it.'", async () => {
    const [owner, member] = [await h.user(), await h.user()];
    const sessionId = await sessionWith(h, owner, [member]);
    const res = await postThread(h, member.token, {
      sessionId,
      threadId: '19:00000000000000000000000000000000@thread.v2',
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: COMMUNICATION_MESSAGES.noThread });
  });

  it("lets members attach to the author's thread, and refuses others and foreign thread ids: 'Not authorized to attach chat thread'", async () => {
    const [owner, member, stranger] = [await h.user(), await h.user(), await h.user()];
    const sessionId = await sessionWith(h, owner, [member]);
    const { threadId } = await sessionThread(h, owner, sessionId);
    const attached = await postThread(h, member.token, { sessionId, threadId });
    expect(attached.statusCode).toBe(200);
    expect(attached.json()).toMatchObject({
      threadId,
      sessionAcsId: communicationUserIdOf(member.id),
    });
    expect(await h.store.participant(threadId, communicationUserIdOf(member.id))).not.toBeNull();

    const strangerRes = await postThread(h, stranger.token, { sessionId, threadId });
    expect(strangerRes.statusCode).toBe(403);
    expect(strangerRes.json()).toMatchObject({
      error: COMMUNICATION_MESSAGES.notAuthorizedToAttach,
    });

    const otherSession = await sessionWith(h, stranger);
    const { threadId: otherThread } = await sessionThread(h, stranger, otherSession);
    const foreign = await postThread(h, member.token, { sessionId, threadId: otherThread });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toMatchObject({ error: COMMUNICATION_MESSAGES.notAuthorizedToAttach });
  });

  it('refuses a pending invitee (invited, not yet accepted) like a stranger', async () => {
    const [owner, invitee] = [await h.user(), await h.user()];
    const sessionId = await sessionWith(h, owner);
    await sessionThread(h, owner, sessionId);
    const { invite } = await import('@oneeta/session/testing');
    await invite(h.session, owner, sessionId, invitee.email);
    const res = await postThread(h, invitee.token, { sessionId });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ error: COMMUNICATION_MESSAGES.notAuthorizedToAttach });
  });
});

describe('POST /api/communication/participants', () => {
  it("lists the thread's other participants with their display names, the caller's own entry removed", async () => {
    const owner = await h.user({ name: 'Olivia Owner' });
    const member = await h.user({ name: null, email: 'no-name@example.test' });
    const sessionId = await sessionWith(h, owner, [member]);
    await sessionThread(h, owner, sessionId);
    await sessionThread(h, member, sessionId);
    const res = await postParticipants(h, owner.token, { sessionId });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      participants: [{ id: communicationUserIdOf(member.id), displayName: 'no-name@example.test' }],
    });
    const theirs = await postParticipants(h, member.token, { sessionId });
    expect(theirs.json()).toEqual({
      participants: [{ id: communicationUserIdOf(owner.id), displayName: 'Olivia Owner' }],
    });
  });

  it('answers an empty list before the thread exists and 403 to strangers', async () => {
    const [owner, stranger] = [await h.user(), await h.user()];
    const sessionId = await sessionWith(h, owner);
    expect((await postParticipants(h, owner.token, { sessionId })).json()).toEqual({
      participants: [],
    });
    expect((await postParticipants(h, stranger.token, { sessionId })).statusCode).toBe(403);
  });
});
