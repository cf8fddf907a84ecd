/**
 * A deleted account (user.deleted from the auth service): its chat is erased, the threads it was in
 * keep their order and everyone else's messages, the usage it leaves still counts under nobody.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_API_VERSION, TOPICS, type UserDeletedData } from '@oneeta/contracts';
import { redisKey, type Database } from '@oneeta/service-kit';
import { deadLettered, eventually, publishUnchecked } from '@oneeta/service-kit/testing';
import type { TestUser } from '@oneeta/session/testing';
import { asc, eq, sql } from 'drizzle-orm';
import { USER_DELETED_GROUP } from '../src/consumers/user-deleted.js';
import { ERASED } from '../src/domain/erasure.js';
import { communicationUserIdOf } from '../src/domain/identity.js';
import {
  acsIdentities,
  messages,
  outbox,
  participants,
  readReceipts,
  threads,
  usageMarks,
} from '../src/store/schema.js';
import { chatToken, sessionThread, sessionWith } from './factories.js';
import { bearer, startStack, type Stack } from './helpers.js';

let h: Stack;
beforeAll(async () => {
  h = await startStack();
});
afterAll(async () => {
  await h?.close();
});

const db = () => h.database.db as unknown as Database;
const chat = (method: 'GET' | 'POST', path: string, token: string, payload?: object) =>
  h.app.inject({
    method,
    url: `/chat/threads/${path}${path.includes('?') ? '&' : '?'}api-version=${CHAT_API_VERSION}`,
    headers: bearer(token),
    ...(payload ? { payload } : {}),
  });
const deleted = (u: TestUser): UserDeletedData => ({
  userId: u.id,
  email: u.email,
  deletedAt: new Date().toISOString(),
});
const processed = (eventId: string) =>
  eventually(
    async () =>
      (await h.redis.get(redisKey(h.prefix, 'processed', USER_DELETED_GROUP, eventId))) === 'done',
  );

/** Every row of the service's tables that mentions the text anywhere. */
async function rowsMentioning(text: string) {
  const found: Record<string, number> = {};
  for (const [name, table] of Object.entries({
    acsIdentities,
    messages,
    outbox,
    participants,
    readReceipts,
    threads,
    usageMarks,
  })) {
    const [row] = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(sql`${table} as x`)
      .where(sql`strpos(row_to_json(x)::text, ${text}) > 0`);
    found[name] = row!.n;
  }
  return found;
}

/** The whole state of the tables the erasure touches, for comparing before and after a replay. */
async function state() {
  return {
    messages: await db()
      .select()
      .from(messages)
      .orderBy(asc(messages.threadId), asc(messages.sequenceId)),
    participants: await db()
      .select()
      .from(participants)
      .orderBy(asc(participants.threadId), asc(participants.userId)),
    receipts: await db()
      .select()
      .from(readReceipts)
      .orderBy(asc(readReceipts.threadId), asc(readReceipts.userId)),
    identities: await db().select().from(acsIdentities).orderBy(asc(acsIdentities.userId)),
    marks: await db().select().from(usageMarks).orderBy(asc(usageMarks.key)),
    outbox: await db().select().from(outbox).orderBy(asc(outbox.seq)),
    threads: await db().select().from(threads).orderBy(asc(threads.id)),
  };
}

/** A usage event held back in the outbox (not relayed yet), as the service wrote it. */
async function pendingEvent(topic: string, data: object) {
  const envelope = {
    id: randomUUID(),
    type: topic,
    source: 'communication',
    occurredAt: new Date().toISOString(),
    data,
  };
  await db()
    .insert(outbox)
    .values({
      id: envelope.id,
      aggregate: 'session:held',
      message: { kind: 'event', envelope },
      availableAt: new Date(Date.now() + 3600_000),
    });
  return envelope.id;
}

/** A session thread where `gone` and `kept` each sent a message and read the other's. */
async function seed(owner: TestUser, gone: TestUser, kept: TestUser) {
  const sessionId = await sessionWith(h, owner, [gone, kept]);
  const { threadId } = await sessionThread(h, owner, sessionId);
  const path = encodeURIComponent(threadId);
  const send = async (u: TestUser, text: string) => {
    const { token } = await chatToken(h, u, sessionId);
    const res = await chat('POST', `${path}/messages`, token, {
      content: JSON.stringify({ message: text, clientMessageId: randomUUID(), senderName: u.name }),
      senderDisplayName: u.name,
    });
    expect(res.statusCode, res.body).toBe(201);
    return { token, id: res.json<{ id: string }>().id };
  };
  const fromGone = await send(gone, 'I am at the north entrance');
  const fromKept = await send(kept, 'see you there');
  expect(
    (await chat('POST', `${path}/readReceipts`, fromGone.token, { chatMessageId: fromKept.id }))
      .statusCode,
  ).toBe(200);
  expect(
    (await chat('POST', `${path}/readReceipts`, fromKept.token, { chatMessageId: fromGone.id }))
      .statusCode,
  ).toBe(200);
  await h.flush();
  // An ACS identity, and usage not relayed yet (a chat message and a call of theirs).
  const acsId = `8:acs:resource_${randomUUID()}`;
  await db().insert(acsIdentities).values({ userId: gone.id, acsId });
  const chatEvent = await pendingEvent(TOPICS.chatMessage, {
    sessionId,
    senderId: communicationUserIdOf(gone.id),
    length: 26,
    at: new Date().toISOString(),
  });
  const callEvent = await pendingEvent(TOPICS.callUsage, {
    sessionId,
    participantAcsId: acsId,
    seconds: 75,
    mode: 'video',
    at: new Date().toISOString(),
  });
  return { sessionId, threadId, path, fromGone, fromKept, acsId, chatEvent, callEvent };
}

describe('a deleted account', () => {
  it('leaves its threads, its messages lose content, sender and name, its usage counts under nobody', async () => {
    const [owner, gone, kept] = [
      await h.user({ name: 'Olga Owner' }),
      await h.user({ name: 'Gwendolyn Gone' }),
      await h.user({ name: 'Kim Kept' }),
    ];
    const s = await seed(owner, gone, kept);
    const before = await db()
      .select()
      .from(messages)
      .where(eq(messages.threadId, s.threadId))
      .orderBy(asc(messages.sequenceId));
    for (const text of [gone.id, 'Gwendolyn'])
      expect(Object.values(await rowsMentioning(text)).some((n) => n > 0)).toBe(true);

    const event = await h.bus.publish(TOPICS.userDeleted, deleted(gone));
    await processed(event.id);

    // Nothing names them: not their id (in the embedded chat identity), their ACS id or their name.
    const none = {
      acsIdentities: 0,
      messages: 0,
      outbox: 0,
      participants: 0,
      readReceipts: 0,
      threads: 0,
      usageMarks: 0,
    };
    for (const text of [gone.id, s.acsId, 'Gwendolyn', 'north entrance'])
      expect(await rowsMentioning(text)).toEqual(none);
    // The thread keeps every row in its order; theirs is a deleted message from nobody.
    const after = await db()
      .select()
      .from(messages)
      .where(eq(messages.threadId, s.threadId))
      .orderBy(asc(messages.sequenceId));
    expect(after.map((m) => [m.id, m.sequenceId, m.type])).toEqual(
      before.map((m) => [m.id, m.sequenceId, m.type]),
    );
    const theirs = after.find((m) => m.id === s.fromGone.id)!;
    expect(theirs).toMatchObject({ senderId: ERASED, senderDisplayName: null, content: null });
    expect(theirs.deletedOn).not.toBeNull();
    expect(after.find((m) => m.id === s.fromKept.id)).toEqual(
      before.find((m) => m.id === s.fromKept.id),
    );
    // The system message that added them still lists the others.
    const added = after
      .filter((m) => m.type === 'participantAdded')
      .map((m) => JSON.stringify(m.content))
      .join();
    expect(added).toContain(communicationUserIdOf(kept.id));
    expect(added).toContain(ERASED);

    // The others still read the thread through the chat API, and see the message as deleted.
    const listed = await chat('GET', `${s.path}/messages`, s.fromKept.token);
    expect(listed.statusCode, listed.body).toBe(200);
    const shown = listed.json<{
      value: { id: string; deletedOn?: string; content?: unknown; senderDisplayName?: string }[];
    }>().value;
    const gap = shown.find((m) => m.id === s.fromGone.id)!;
    expect(gap.deletedOn).toBeDefined();
    expect(gap.senderDisplayName).toBeUndefined();
    expect(shown.find((m) => m.id === s.fromKept.id)).toMatchObject({
      content: { message: expect.stringContaining('see you there') },
    });
    const receipts = await chat('GET', `${s.path}/readReceipts`, s.fromKept.token);
    expect(
      receipts.json<{ value: { chatMessageId: string }[] }>().value.map((r) => r.chatMessageId),
    ).toEqual([s.fromGone.id]);

    // The usage held back still counts, under the marker.
    const held = await db()
      .select()
      .from(outbox)
      .where(sql`${outbox.id} in (${s.chatEvent}, ${s.callEvent})`);
    const data = Object.fromEntries(
      held.map((r) => [
        r.id,
        (r.message as { envelope: { data: Record<string, unknown> } }).envelope.data,
      ]),
    );
    expect(data[s.chatEvent]).toMatchObject({
      sessionId: s.sessionId,
      senderId: ERASED,
      length: 26,
    });
    expect(data[s.callEvent]).toMatchObject({
      sessionId: s.sessionId,
      participantAcsId: ERASED,
      seconds: 75,
      mode: 'video',
    });

    // The other member keeps all of theirs.
    expect(
      await db()
        .select()
        .from(participants)
        .where(eq(participants.userId, communicationUserIdOf(kept.id))),
    ).toHaveLength(1);
    expect((await rowsMentioning(kept.id)).readReceipts).toBe(1);
  });

  it('is harmless when the event comes again (the same event, a second one, a bad one)', async () => {
    const [owner, gone, kept] = [
      await h.user({ name: 'Olga' }),
      await h.user({ name: 'Gil' }),
      await h.user({ name: 'Kai' }),
    ];
    await seed(owner, gone, kept);
    const data = deleted(gone);
    const first = await h.bus.publish(TOPICS.userDeleted, data);
    await processed(first.id);
    const after = await state();

    const again = await h.bus.publish(TOPICS.userDeleted, data, { id: first.id });
    expect(again.id).toBe(first.id);
    const second = await h.bus.publish(TOPICS.userDeleted, {
      ...data,
      deletedAt: new Date().toISOString(),
    });
    await processed(second.id);
    const bad = await publishUnchecked(h.bus, TOPICS.userDeleted, { userId: 42 });
    await deadLettered(h.redis, h.prefix, TOPICS.userDeleted, bad.id);
    expect(await state()).toEqual(after);
  });
});
