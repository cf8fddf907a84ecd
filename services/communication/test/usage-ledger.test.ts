/**
 * Usage reaches the admin service's ledger once per message and per call, however often the
 * widgets report it: the real admin ledger consumers (`@oneeta/admin/testing`) read the same bus
 * as this service's outbox relay publishes to.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_API_VERSION, TOPICS } from '@oneeta/contracts';
import { startAdmin, type AdminHarness } from '@oneeta/admin/testing';
import { backdateOpenCall, chatToken, sessionThread, sessionWith } from './factories.js';
import { bearer, startStack, streamEvents, type Stack } from './helpers.js';

let h: Stack;
let admin: AdminHarness;
beforeAll(async () => {
  h = await startStack();
  admin = await startAdmin({}, { prefix: h.prefix });
  // Two services' harnesses (three databases): more than one stack's start on a loaded machine.
}, 120_000);
afterAll(async () => {
  await admin?.close();
  await h?.close();
});

const report = (url: string, token: string, payload: object) =>
  h.app.inject({
    method: 'POST',
    url: `/api/communication/${url}`,
    headers: bearer(token),
    payload,
  });
const forSession = async (topic: string, sessionId: string) =>
  (await streamEvents<{ sessionId: string }>(h, topic)).filter(
    (e) => e.data.sessionId === sessionId,
  );

describe('usage in the admin ledger', () => {
  it('stores each chat message and each call once, however often the widgets report them', async () => {
    const [owner, ana] = [await h.user({ name: 'Olga' }), await h.user({ name: 'Ana' })];
    const sessionId = await sessionWith(h, owner, [ana]);
    const { threadId } = await sessionThread(h, owner, sessionId);
    const { token } = await chatToken(h, ana, sessionId);
    // One message through the embedded chat server (it counts it), then reported three times by
    // Ana's widget and once by a second tab of hers.
    const content = JSON.stringify({
      message: 'on my way',
      clientMessageId: 'c-1',
      senderName: 'Ana',
    });
    const sent = await h.app.inject({
      method: 'POST',
      url: `/chat/threads/${encodeURIComponent(threadId)}/messages?api-version=${CHAT_API_VERSION}`,
      headers: bearer(token),
      payload: { content },
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const audit = (clientMessageId: string, messageLength: number) =>
      report('audit-message', ana.token, {
        sessionId,
        clientMessageId,
        messageLength,
        event: 'chat_message_sent',
      });
    for (let i = 0; i < 4; i++) expect((await audit('c-1', 9)).statusCode).toBe(202);
    // One message the server never saw (ACS mode: the widget's report is the only count), twice.
    for (let i = 0; i < 2; i++) expect((await audit('c-acs', 5)).statusCode).toBe(202);
    // One call of Ana's, 75 s by the server's clock, its end sent twice (a retry).
    const started = await report('call-usage/start', ana.token, { sessionId, mode: 'video' });
    const { callId } = started.json<{ callId: string }>();
    await backdateOpenCall(h, sessionId, ana.id, 75_000);
    const ended = await report('call-usage/end', ana.token, { sessionId, callId });
    const { seconds } = ended.json<{ seconds: number }>();
    expect(seconds).toBeGreaterThanOrEqual(75);
    expect((await report('call-usage/end', ana.token, { sessionId, callId })).json()).toMatchObject(
      { duplicate: true },
    );
    await h.flush();

    await expect
      .poll(async () => (await admin.ledger.chatTotals([sessionId]))[0] ?? null, {
        timeout: 10_000,
      })
      .toEqual({ sessionId, totalMessages: 2, totalLength: 9 + 5 });
    await expect
      .poll(async () => (await admin.ledger.callTotals([sessionId]))[0] ?? null, {
        timeout: 10_000,
      })
      .toEqual({ sessionId, totalSeconds: seconds });
    // Exactly one event each on the bus: the ledger's own dedup by event id was not needed.
    expect((await forSession(TOPICS.chatMessage, sessionId)).length).toBe(2);
    expect((await forSession(TOPICS.callUsage, sessionId)).length).toBe(1);
  });
});
