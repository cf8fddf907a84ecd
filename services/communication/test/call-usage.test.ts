/**
 * Call time comes from what the server saw: a member starts and ends their own call, and the ledger
 * gets the seconds between the two by the server's clock, under the caller's own chat identity.
 */
import { CALL_USAGE_MAX_SECONDS, TOPICS, type CallUsageData } from '@oneeta/contracts';
import { invite, type TestUser } from '@oneeta/session/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { communicationUserIdOf } from '../src/domain/identity.js';
import { backdateOpenCall, postCallUsage, sessionWith } from './factories.js';
import { startStack, streamEvents, type Stack } from './helpers.js';

let h: Stack;
beforeAll(async () => {
  h = await startStack();
});
afterAll(async () => {
  await h?.close();
});

const callEvents = async (sessionId: string) =>
  (await streamEvents<CallUsageData>(h, TOPICS.callUsage)).filter(
    (e) => e.data.sessionId === sessionId,
  );

async function start(user: TestUser, sessionId: string, mode = 'video'): Promise<string> {
  const res = await postCallUsage(h, 'start', user.token, { sessionId, mode });
  expect(res.statusCode, res.body).toBe(202);
  return (res.json() as { callId: string }).callId;
}
const end = (user: TestUser, sessionId: string, callId: string) =>
  postCallUsage(h, 'end', user.token, { sessionId, callId });

describe('call usage from what the server saw', () => {
  it("records the member's own call, for the seconds between its start and end", async () => {
    const [owner, ana] = [await h.user(), await h.user()];
    const sessionId = await sessionWith(h, owner, [ana]);
    const callId = await start(ana, sessionId, 'voice');
    await backdateOpenCall(h, sessionId, ana.id, 75_000);
    const res = await end(ana, sessionId, callId);
    expect(res.statusCode, res.body).toBe(202);
    const { seconds } = res.json() as { seconds: number };
    expect(seconds).toBeGreaterThanOrEqual(75);
    expect(seconds).toBeLessThan(80);
    await h.flush();
    await expect
      .poll(async () => (await callEvents(sessionId)).map((e) => e.data))
      .toEqual([
        expect.objectContaining({
          participantAcsId: communicationUserIdOf(ana.id),
          seconds,
          mode: 'voice',
        }),
      ]);
  });

  it('counts no more than the wall time: a call ended at once counts 0 seconds and records nothing', async () => {
    const owner = await h.user();
    const sessionId = await sessionWith(h, owner);
    const callId = await start(owner, sessionId);
    const res = await end(owner, sessionId, callId);
    expect(res.json()).toEqual({ ok: true, duplicate: false, seconds: 0 });
    await h.flush();
    expect(await callEvents(sessionId)).toEqual([]);
  });

  it('caps a call at the longest the ledger counts', async () => {
    const owner = await h.user();
    const sessionId = await sessionWith(h, owner);
    const callId = await start(owner, sessionId);
    await backdateOpenCall(h, sessionId, owner.id, 100 * 3600_000);
    expect((await end(owner, sessionId, callId)).json()).toMatchObject({
      seconds: CALL_USAGE_MAX_SECONDS,
    });
  });

  it('counts an ended call once: a repeated end, an unknown call and a call replaced by a new start add nothing', async () => {
    const owner = await h.user();
    const sessionId = await sessionWith(h, owner);
    const first = await start(owner, sessionId);
    await backdateOpenCall(h, sessionId, owner.id, 10_000);
    const second = await start(owner, sessionId);
    await backdateOpenCall(h, sessionId, owner.id, 20_000);
    expect((await end(owner, sessionId, first)).json()).toEqual({
      ok: true,
      duplicate: true,
      seconds: 0,
    });
    expect((await end(owner, sessionId, second)).json()).toMatchObject({
      duplicate: false,
      seconds: 20,
    });
    expect((await end(owner, sessionId, second)).json()).toEqual({
      ok: true,
      duplicate: true,
      seconds: 0,
    });
    expect((await end(owner, sessionId, 'invented-call')).json()).toEqual({
      ok: true,
      duplicate: true,
      seconds: 0,
    });
    await h.flush();
    expect((await callEvents(sessionId)).map((e) => e.data.seconds)).toEqual([20]);
  });

  it("ends only the caller's own call: another member cannot end it, nor add to it", async () => {
    const [owner, ana] = [await h.user(), await h.user()];
    const sessionId = await sessionWith(h, owner, [ana]);
    const anasCall = await start(ana, sessionId);
    await backdateOpenCall(h, sessionId, ana.id, 30_000);
    expect((await end(owner, sessionId, anasCall)).json()).toEqual({
      ok: true,
      duplicate: true,
      seconds: 0,
    });
    expect((await end(ana, sessionId, anasCall)).json()).toMatchObject({ duplicate: false });
    await h.flush();
    expect((await callEvents(sessionId)).map((e) => e.data.participantAcsId)).toEqual([
      communicationUserIdOf(ana.id),
    ]);
  });

  it('refuses anyone not in the session (a stranger, a pending invitee) and records nothing', async () => {
    const [owner, stranger, invitee] = [await h.user(), await h.user(), await h.user()];
    const sessionId = await sessionWith(h, owner);
    await invite(h.session, owner, sessionId, invitee.email);
    const callId = await start(owner, sessionId);
    for (const who of [stranger, invitee]) {
      const started = await postCallUsage(h, 'start', who.token, { sessionId, mode: 'voice' });
      expect(started.statusCode, started.body).toBe(403);
      expect(typeof started.json().error).toBe('string');
      expect((await end(who, sessionId, callId)).statusCode).toBe(403);
    }
    expect((await postCallUsage(h, 'start', null, { sessionId, mode: 'voice' })).statusCode).toBe(
      401,
    );
    await h.flush();
    expect(await callEvents(sessionId)).toEqual([]);
  });

  it.each([
    ['seconds from the client', { seconds: 2 ** 53 - 1 }],
    ['an invented identity', { participantAcsId: '8:acs:invented' }],
    ['an unknown mode', { mode: 'hologram' }],
    ['no session', { sessionId: undefined }],
  ])('start refuses %s with 400 {error}', async (_name, change) => {
    const owner = await h.user();
    const sessionId = await sessionWith(h, owner);
    const res = await postCallUsage(h, 'start', owner.token, {
      sessionId,
      mode: 'voice',
      ...change,
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(typeof res.json().error).toBe('string');
  });

  it('end refuses seconds, identities or a bad call id with 400 {error}', async () => {
    const owner = await h.user();
    const sessionId = await sessionWith(h, owner);
    const callId = await start(owner, sessionId);
    for (const change of [
      { seconds: 9_007_199_254_740_991 },
      { participantAcsId: '8:acs:x' },
      { callId: 'a b' },
      { callId: undefined },
    ]) {
      const res = await postCallUsage(h, 'end', owner.token, { sessionId, callId, ...change });
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
    }
    expect((await end(owner, sessionId, callId)).statusCode).toBe(202);
  });

  it('the old call-usage report with client seconds is gone', async () => {
    const owner = await h.user();
    const sessionId = await sessionWith(h, owner);
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/communication/call-usage',
      headers: { authorization: `Bearer ${owner.token}` },
      payload: { sessionId, participantAcsId: '8:acs:x', seconds: 2 ** 53 - 1, mode: 'voice' },
    });
    expect(res.statusCode).toBe(404);
    await h.flush();
    expect(await callEvents(sessionId)).toEqual([]);
  });
});
