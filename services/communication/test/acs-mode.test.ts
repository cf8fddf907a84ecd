/**
 * ACS mode (ACS_CONNECTION_STRING set): the same communication calls, with identities and tokens
 * from @azure/communication-identity and the session threads created and kept in line with
 * @azure/communication-chat, against local fakes of ACS's wire format (acs-fakes.ts): the identity
 * API over http, checking every request's HMAC signature, and a chat API over HTTPS.
 */
import { ChatClient } from '@azure/communication-chat';
import { AzureCommunicationTokenCredential } from '@azure/communication-common';
import { CommunicationIdentityClient } from '@azure/communication-identity';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOPICS } from '@oneeta/contracts';
import { join, type TestUser } from '@oneeta/session/testing';
import { HttpError } from '@oneeta/service-kit';
import { ACS_SERVICE_USER, ACS_UNAVAILABLE, createAcsChat } from '../src/providers/acs-chat.js';
import { startAcsFakes, FAKE_ACS_RESOURCE, type AcsFakes } from './acs-fakes.js';
import { chatToken, postThread, sessionThread, sessionWith } from './factories.js';
import { bearer, startStack, type Stack } from './helpers.js';

let fake: AcsFakes;
let h: Stack;
beforeAll(async () => {
  fake = await startAcsFakes();
  h = await startStack(
    { ACS_CONNECTION_STRING: fake.connectionString },
    {
      chat: (parts) =>
        createAcsChat({
          connectionString: fake.connectionString,
          db: parts.db,
          outbox: parts.outbox,
          onCommit: parts.onCommit,
          chatEndpoint: fake.chatEndpoint,
          identityOptions: { allowInsecureConnection: true, retryOptions: { maxRetries: 0 } },
          chatOptions: { tlsOptions: { ca: fake.ca }, retryOptions: { maxRetries: 0 } },
        }),
    },
  );
});
afterAll(async () => {
  await h?.close();
  await fake?.close();
});

/** The ACS ids in the fake chat server's thread (the service's own identity left out). */
const acsMembers = async (threadId: string) => {
  const service = await h.chat.identityOf(ACS_SERVICE_USER);
  return (await fake.chat.store.participantIds(threadId)).filter((id) => id !== service).sort();
};
const acsIdOf = (user: TestUser) => h.chat.identityOf(user.id);
const sessionCall = (method: 'POST' | 'DELETE', url: string, token: string, payload?: object) =>
  h.session.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

describe('ACS mode against fakes of its wire format', () => {
  it("issues the identity service's token for the caller's ACS identity, with mode 'acs' and the ACS endpoint", async () => {
    const ana = await h.user({ name: 'Ana' });
    const first = await chatToken(h, ana);
    expect(first).toMatchObject({ mode: 'acs', endpoint: fake.chatEndpoint, threadId: '' });
    expect(first.user.id).toMatch(new RegExp(`^8:acs:${FAKE_ACS_RESOURCE}_`));
    // ACS's token, not one of ours: the fake's key verifies it, the embedded server's does not.
    expect(await fake.chat.tokens.verify(first.token)).toEqual({
      ok: true,
      communicationUserId: first.user.id,
    });
    expect((await h.tokens.verify(first.token)).ok).toBe(false);
    expect(Date.parse(first.expiresOn)).toBeGreaterThan(Date.now() + 60 * 60_000);

    // The identity is stored: the next token is for the same identity, through getToken.
    const before = fake.identityCalls.length;
    const second = await chatToken(h, ana);
    expect(second.user.id).toBe(first.user.id);
    const calls = fake.identityCalls.slice(before);
    expect(calls).toEqual([
      {
        method: 'POST',
        path: `/identities/${encodeURIComponent(first.user.id)}/:issueAccessToken`,
        body: expect.objectContaining({ scopes: ['chat', 'voip'] }),
      },
    ]);
    expect(fake.identityCalls).toContainEqual({
      method: 'POST',
      path: '/identities',
      body: expect.objectContaining({ createTokenWithScopes: ['chat', 'voip'] }),
    });
  });

  it('signs every identity request with the access key (the fake refuses a wrong key with 401)', async () => {
    const refusedBefore = fake.refused();
    const wrong = new CommunicationIdentityClient(fake.wrongKeyConnectionString, {
      allowInsecureConnection: true,
      retryOptions: { maxRetries: 0 },
    });
    await expect(wrong.createUser()).rejects.toMatchObject({ statusCode: 401 });
    expect(fake.refused()).toBe(refusedBefore + 1);
  });

  it("creates the session's thread on ACS with the session's members, and each member's token reads it", async () => {
    const [owner, ana] = [await h.user({ name: 'Olivia' }), await h.user({ name: 'Ana' })];
    const sessionId = await sessionWith(h, owner, [ana]);
    const answer = await sessionThread(h, owner, sessionId);
    expect(answer.endpoint).toBe(fake.chatEndpoint);
    expect(answer.sessionAcsId).toBe(await acsIdOf(owner));
    const { threadId } = answer;
    expect(await fake.chat.store.thread(threadId)).not.toBeNull();
    expect(await acsMembers(threadId)).toEqual([await acsIdOf(owner), await acsIdOf(ana)].sort());

    // The browser's path: Ana's ACS token and the official ChatClient against the ACS endpoint.
    const token = await chatToken(h, ana, sessionId);
    expect(token.threadId).toBe(threadId);
    const client = new ChatClient(
      token.endpoint,
      new AzureCommunicationTokenCredential(token.token),
      { tlsOptions: { ca: fake.ca }, retryOptions: { maxRetries: 0 } },
    );
    const thread = client.getChatThreadClient(threadId);
    expect((await thread.getProperties()).id).toBe(threadId);
    const names: string[] = [];
    for await (const p of thread.listParticipants()) if (p.displayName) names.push(p.displayName);
    expect(names.sort()).toEqual(['Ana', 'Olivia']);

    // Members attach; a second create changes nothing.
    const again = await postThread(h, ana.token, { sessionId, threadId });
    expect(again.statusCode, again.body).toBe(200);
    expect((await sessionThread(h, owner, sessionId)).threadId).toBe(threadId);
  });

  it('adds a participant who joins and takes out one who leaves, on ACS', async () => {
    const [owner, ana, bo] = [await h.user(), await h.user(), await h.user()];
    const sessionId = await sessionWith(h, owner, [ana]);
    const { threadId } = await sessionThread(h, owner, sessionId);
    const boPid = await join(h.session, owner, sessionId, bo);
    const boAcs = await acsIdOf(bo);
    await expect.poll(() => acsMembers(threadId), { timeout: 10_000 }).toContain(boAcs);

    const left = await sessionCall(
      'POST',
      `/api/sessions/${sessionId}/participants/${encodeURIComponent(boPid)}/leave`,
      bo.token,
    );
    expect(left.statusCode, left.body).toBe(200);
    await expect.poll(() => acsMembers(threadId), { timeout: 10_000 }).not.toContain(boAcs);
    expect(await acsMembers(threadId)).toEqual([await acsIdOf(owner), await acsIdOf(ana)].sort());
  });

  it('Reset Chat makes a new ACS thread with the same members and deletes the old one', async () => {
    const [owner, ana] = [await h.user(), await h.user()];
    const sessionId = await sessionWith(h, owner, [ana]);
    const { threadId: old } = await sessionThread(h, owner, sessionId);
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/communication/reset',
      headers: bearer(owner.token),
      payload: { sessionId },
    });
    expect(res.statusCode, res.body).toBe(200);
    const { threadId, previousThreadId, endpoint } = res.json<{
      threadId: string;
      previousThreadId: string;
      endpoint: string;
    }>();
    expect(previousThreadId).toBe(old);
    expect(threadId).not.toBe(old);
    expect(endpoint).toBe(fake.chatEndpoint);
    expect(await acsMembers(threadId)).toEqual([await acsIdOf(owner), await acsIdOf(ana)].sort());
    expect((await fake.chat.store.thread(old))?.deletedOn).toBeInstanceOf(Date);
    expect((await chatToken(h, ana, sessionId)).threadId).toBe(threadId);
  });

  it("deletes the session's ACS thread (and its messages) when the session closes", async () => {
    const owner = await h.user();
    const sessionId = await sessionWith(h, owner);
    const { threadId } = await sessionThread(h, owner, sessionId);
    const closed = await sessionCall('POST', `/api/sessions/${sessionId}/close`, owner.token, {
      confirm: true,
    });
    expect(closed.statusCode, closed.body).toBe(200);
    await expect
      .poll(async () => (await fake.chat.store.thread(threadId))?.deletedOn ?? null, {
        timeout: 10_000,
      })
      .toBeInstanceOf(Date);
    expect((await chatToken(h, owner, sessionId)).threadId).toBe('');
  });

  it("deletes a deleted account's ACS identity at ACS (its tokens and data go), once", async () => {
    const [gone, later] = [await h.user(), await h.user()];
    const [goneId, laterId] = [await acsIdOf(gone), await acsIdOf(later)];
    const deletesOf = (id: string) =>
      fake.identityCalls.filter(
        (c) => c.method === 'DELETE' && decodeURIComponent(c.path) === `/identities/${id}`,
      ).length;
    const deleted = (u: TestUser) => ({
      userId: u.id,
      email: u.email,
      deletedAt: new Date().toISOString(),
    });
    const first = await h.bus.publish(TOPICS.userDeleted, deleted(gone));
    await expect.poll(() => deletesOf(goneId)).toBe(1);
    // Its token can no longer be issued: the identity is gone at ACS.
    const client = new CommunicationIdentityClient(fake.connectionString, {
      allowInsecureConnection: true,
      retryOptions: { maxRetries: 0 },
    });
    await expect(client.getToken({ communicationUserId: goneId }, ['chat'])).rejects.toMatchObject({
      statusCode: 404,
    });
    // The same event again, then another account's: once that one is handled, the repeat asked
    // nothing more of ACS.
    await h.bus.publish(TOPICS.userDeleted, deleted(gone), { id: first.id });
    await h.bus.publish(TOPICS.userDeleted, deleted(later));
    await expect.poll(() => deletesOf(laterId)).toBe(1);
    expect(deletesOf(goneId)).toBe(1);
  });

  it('answers 503 with Retry-After when ACS cannot be reached', async () => {
    const offline = createAcsChat({
      connectionString: 'endpoint=http://127.0.0.1:9/;accesskey=a2V5',
      db: h.database.db,
      identityOptions: { allowInsecureConnection: true, retryOptions: { maxRetries: 0 } },
    });
    const err = await offline.token((await h.user()).id).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(HttpError);
    expect(err).toMatchObject({ statusCode: 503, message: ACS_UNAVAILABLE });
  });
});
