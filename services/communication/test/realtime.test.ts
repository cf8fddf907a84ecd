/**
 * Real time through our /ws hub (document 2 §3 "Real-time events"): a session thread's writes put
 * `chat-event` nudges in the outbox in the same transaction, the relay publishes them on Redis
 * `session:{id}` (what the gateway's hub fans out), typing and read receipts go straight out.
 * A subscriber made with service-kit's createSessionSubscriber (the hub's own) sees each event.
 */
import { describe, expect, it } from 'vitest';
import {
  CHAT_API_VERSION,
  TOPICS,
  type ChatMessageData,
  type WsChatEvent,
} from '@oneeta/contracts';
import { join } from '@oneeta/session/testing';
import { communicationUserIdOf } from '../src/domain/identity.js';
import { chatToken, sessionThread, sessionWith } from './factories.js';
import { bearer, streamEvents, useStackWithFrames } from './helpers.js';

const s = useStackWithFrames();
const { chat } = s;

const chatEvents = (sessionId: string, type?: string) =>
  s.frames.filter(
    (f): f is WsChatEvent =>
      f.type === 'chat-event' && f.sessionId === sessionId && (!type || f.event.type === type),
  );
const widgetContent = (message: string, clientMessageId: string) =>
  JSON.stringify({ message, clientMessageId, senderName: 'Ana' });

describe('chat real time over the session channel', () => {
  it('publishes received, edited, deleted, typing, read receipts and membership changes of a session thread', async () => {
    const [owner, ana, bo] = [
      await s.h.user({ name: 'Olga' }),
      await s.h.user({ name: 'Ana' }),
      await s.h.user({ name: 'Bo' }),
    ];
    const sessionId = await sessionWith(s.h, owner, [ana]);
    await s.subscriber.subscribe(sessionId);
    const { threadId } = await sessionThread(s.h, owner, sessionId);
    const thread = encodeURIComponent(threadId);
    const { token } = await chatToken(s.h, ana, sessionId);
    const anaId = communicationUserIdOf(ana.id);

    const sent = await chat('POST', `${thread}/messages`, token, {
      content: widgetContent('parking on 3rd', 'c-1'),
      senderDisplayName: 'Ana',
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const messageId = sent.json().id as string;
    await expect.poll(() => chatEvents(sessionId, 'chatMessageReceived').length).toBe(1);
    const received = chatEvents(sessionId, 'chatMessageReceived')[0]!;
    expect(received.threadId).toBe(threadId);
    expect(received.event).toMatchObject({
      type: 'chatMessageReceived',
      id: messageId,
      messageType: 'text',
      senderId: anaId,
      senderDisplayName: 'Ana',
      content: widgetContent('parking on 3rd', 'c-1'),
    });
    expect(received.event).toHaveProperty('sequenceId');
    expect(received.event).toHaveProperty('version');
    expect(received.event).toHaveProperty('createdOn');

    expect(
      (await chat('PATCH', `${thread}/messages/${messageId}`, token, { content: 'lot B' }))
        .statusCode,
    ).toBe(204);
    await expect.poll(() => chatEvents(sessionId, 'chatMessageEdited').length).toBe(1);
    expect(chatEvents(sessionId, 'chatMessageEdited')[0]!.event).toMatchObject({
      id: messageId,
      content: 'lot B',
    });

    expect((await chat('POST', `${thread}/typing`, token, {})).statusCode).toBe(200);
    await expect.poll(() => chatEvents(sessionId, 'typingIndicatorReceived').length).toBe(1);
    expect(chatEvents(sessionId, 'typingIndicatorReceived')[0]!.event).toMatchObject({
      senderId: anaId,
      senderDisplayName: 'Ana',
    });
    // At most one typing notification every 8 s goes out.
    expect((await chat('POST', `${thread}/typing`, token, {})).statusCode).toBe(200);

    expect(
      (await chat('POST', `${thread}/readReceipts`, token, { chatMessageId: messageId }))
        .statusCode,
    ).toBe(200);
    await expect.poll(() => chatEvents(sessionId, 'readReceiptReceived').length).toBe(1);
    expect(chatEvents(sessionId, 'readReceiptReceived')[0]!.event).toMatchObject({
      senderId: anaId,
      chatMessageId: messageId,
    });

    expect((await chat('DELETE', `${thread}/messages/${messageId}`, token)).statusCode).toBe(204);
    await expect.poll(() => chatEvents(sessionId, 'chatMessageDeleted').length).toBe(1);
    expect(chatEvents(sessionId, 'chatMessageDeleted')[0]!.event).toMatchObject({ id: messageId });

    // Membership follows the session (session.changed): participantsAdded / participantsRemoved.
    await join(s.h.session, owner, sessionId, bo);
    await expect
      .poll(
        () =>
          chatEvents(sessionId, 'participantsAdded').some(
            (f) =>
              f.event.type === 'participantsAdded' &&
              f.event.participantsAdded.some(
                (p) => p.id === communicationUserIdOf(bo.id) && p.displayName === 'Bo',
              ),
          ),
        { timeout: 10_000 },
      )
      .toBe(true);
    await s.h.store.removeParticipant(
      threadId,
      communicationUserIdOf(bo.id),
      communicationUserIdOf(owner.id),
    );
    await expect.poll(() => chatEvents(sessionId, 'participantsRemoved').length).toBe(1);
    expect(chatEvents(sessionId, 'typingIndicatorReceived')).toHaveLength(1);
  });

  it('counts a session message once on the bus as chat.message, however often the widget reports it', async () => {
    const [owner, ana] = [await s.h.user({ name: 'Olga' }), await s.h.user({ name: 'Ana' })];
    const sessionId = await sessionWith(s.h, owner, [ana]);
    const { threadId } = await sessionThread(s.h, owner, sessionId);
    const { token } = await chatToken(s.h, ana, sessionId);
    const sent = await chat('POST', `${encodeURIComponent(threadId)}/messages`, token, {
      content: widgetContent('5 more minutes', 'c-once'),
    });
    expect(sent.statusCode).toBe(201);
    const audit = () =>
      s.h.app.inject({
        method: 'POST',
        url: '/api/communication/audit-message',
        headers: bearer(ana.token),
        payload: {
          sessionId,
          participantId: 'p',
          clientMessageId: 'c-once',
          messageLength: 14,
          event: 'chat_message_sent',
        },
      });
    for (let i = 0; i < 3; i++) {
      const res = await audit();
      expect(res.statusCode, res.body).toBe(202);
      expect(res.json()).toEqual({ ok: true, duplicate: true });
    }
    const mine = async () =>
      (await streamEvents<ChatMessageData>(s.h, TOPICS.chatMessage)).filter(
        (e) => e.data.sessionId === sessionId,
      );
    await expect.poll(async () => (await mine()).length).toBe(1);
    expect((await mine())[0]!.data).toMatchObject({
      senderId: communicationUserIdOf(ana.id),
      length: 14,
    });

    // A message the server never saw (ACS mode): the first report counts, the repeats do not.
    const acs = (id: string) =>
      s.h.app.inject({
        method: 'POST',
        url: '/api/communication/audit-message',
        headers: bearer(ana.token),
        payload: { sessionId, clientMessageId: id, messageLength: 3, event: 'chat_message_sent' },
      });
    expect((await acs('c-acs')).json()).toEqual({ ok: true, duplicate: false });
    expect((await acs('c-acs')).json()).toEqual({ ok: true, duplicate: true });
    await expect.poll(async () => (await mine()).length).toBe(2);
  });

  it('publishes nothing for a thread that is not bound to a session', async () => {
    const ana = await s.h.user({ name: 'Ana' });
    const { token } = await chatToken(s.h, ana);
    const created = await s.h.app.inject({
      method: 'POST',
      url: `/chat/threads?api-version=${CHAT_API_VERSION}`,
      headers: bearer(token),
      payload: { topic: 'private' },
    });
    expect(created.statusCode).toBe(201);
    const threadId = created.json().chatThread.id as string;
    expect(
      (await chat('POST', `${encodeURIComponent(threadId)}/messages`, token, { content: 'hi' }))
        .statusCode,
    ).toBe(201);
    await s.h.flush();
    expect(s.frames.filter((f) => f.type === 'chat-event' && f.threadId === threadId)).toEqual([]);
  });
});
