/** A deleted account (user.deleted from auth): the ledger's rows stop naming it and every total stays as it was. */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOPICS, type UserDeletedData } from '@oneeta/contracts';
import { redisKey, type Database } from '@oneeta/service-kit';
import { deadLettered, eventually, publishUnchecked } from '@oneeta/service-kit/testing';
import { asc, sql } from 'drizzle-orm';
import { USER_DELETED_GROUP } from '../src/consumers/user-deleted.js';
import { ERASED } from '../src/store/erase-user.js';
import {
  billingUsage,
  callUsage,
  chatUsage,
  mapsUsage,
  notificationUsage,
  sessions,
} from '../src/store/schema.js';
import { searchCall, startAdmin, type AdminHarness } from './helpers.js';

let h: AdminHarness;
beforeAll(async () => {
  h = await startAdmin();
});
afterAll(async () => {
  await h?.close();
});

const db = () => h.database.db as unknown as Database;
const tables = { billingUsage, callUsage, chatUsage, mapsUsage, notificationUsage, sessions };
const processed = (eventId: string) =>
  eventually(
    async () =>
      (await h.redis.get(redisKey(h.prefix, 'processed', USER_DELETED_GROUP, eventId))) === 'done',
  );

async function rowsMentioning(text: string) {
  const found: Record<string, number> = {};
  for (const [name, table] of Object.entries(tables)) {
    const [row] = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(sql`${table} as x`)
      .where(sql`strpos(lower(row_to_json(x)::text), lower(${text})) > 0`);
    found[name] = row!.n;
  }
  return found;
}
const none = Object.fromEntries(Object.keys(tables).map((k) => [k, 0]));

/** Every figure the ledger answers with: per session chat and call totals, audit totals, rows by kind, amounts. */
async function figures(sessionIds: string[]) {
  return {
    chat: await h.ledger.chatTotals(sessionIds),
    calls: await h.ledger.callTotals(sessionIds),
    audit: await Promise.all(sessionIds.map((s) => h.ledger.auditTotals(s))),
    notifications: await db()
      .select({
        kind: notificationUsage.kind,
        channel: notificationUsage.channel,
        n: sql<number>`count(*)::int`,
      })
      .from(notificationUsage)
      .groupBy(notificationUsage.kind, notificationUsage.channel)
      .orderBy(asc(notificationUsage.kind), asc(notificationUsage.channel)),
    billing: await db()
      .select({
        kind: billingUsage.kind,
        amount: sql<number>`coalesce(sum(${billingUsage.amountMinor}), 0)::int`,
        n: sql<number>`count(*)::int`,
      })
      .from(billingUsage)
      .groupBy(billingUsage.kind)
      .orderBy(asc(billingUsage.kind)),
    sessions: await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(sessions),
  };
}

/** What the ledger holds of a user: a session they own, their messages, a call, deliveries, a payment, an audited search. */
async function seed(userId: string, email: string) {
  const sessionId = `s-${randomUUID()}`;
  const chatId = `8:acs:oneeta_${userId}`;
  const at = new Date().toISOString();
  const events = [
    await h.sessionChanged(sessionId, userId),
    await h.bus.publish(TOPICS.chatMessage, { sessionId, senderId: chatId, length: 12, at }),
    await h.bus.publish(TOPICS.chatMessage, { sessionId, senderId: chatId, length: 30, at }),
    await h.bus.publish(TOPICS.chatMessage, {
      sessionId,
      senderId: '8:acs:oneeta_someone-else',
      length: 5,
      at,
    }),
    await h.bus.publish(TOPICS.callUsage, {
      sessionId,
      participantAcsId: chatId,
      seconds: 75,
      mode: 'video',
      at,
    }),
    await h.bus.publish(TOPICS.notificationSent, {
      deliveryId: randomUUID(),
      userId,
      sessionId,
      kind: 'session-alert',
      channel: 'push',
      outcome: 'delivered',
      at,
    }),
    await h.bus.publish(TOPICS.billingUsage, {
      userId,
      kind: 'payment',
      amountMinor: 500,
      currency: 'usd',
      plan: 'standard',
      previousPlan: null,
      at,
    }),
    await h.bus.publish(TOPICS.usageRecorded, {
      ...searchCall(sessionId),
      request: { q: `invite ${email.toUpperCase()}`, by: userId },
    }),
  ];
  // Each event stored (the ledger's consumers run on their own).
  await eventually(
    async () =>
      (
        await db()
          .select()
          .from(mapsUsage)
          .where(sql`${mapsUsage.sessionId} = ${sessionId}`)
      ).length === 1,
  );
  await eventually(async () => (await h.ledger.chatTotals([sessionId]))[0]?.totalMessages === 3);
  await eventually(async () => (await h.ledger.callTotals([sessionId])).length === 1);
  await eventually(async () => (await h.ledger.sessionOwner(sessionId)) === userId);
  await eventually(async () => (await rowsMentioning(userId)).billingUsage === 1);
  await eventually(async () => (await rowsMentioning(userId)).notificationUsage === 1);
  return { sessionId, events };
}

const deleted = (userId: string, email: string): UserDeletedData => ({
  userId,
  email,
  deletedAt: new Date().toISOString(),
});

describe('a deleted account in the ledger', () => {
  it('names nobody where it named them, and every total stays the same', async () => {
    const [gone, kept] = [randomUUID(), randomUUID()];
    const [goneMail, keptMail] = [`gone-${gone}@example.test`, `kept-${kept}@example.test`];
    const a = await seed(gone, goneMail);
    const b = await seed(kept, keptMail);
    for (const text of [gone, goneMail]) expect(await rowsMentioning(text)).not.toEqual(none);
    const before = await figures([a.sessionId, b.sessionId]);

    const event = await h.bus.publish(TOPICS.userDeleted, deleted(gone, goneMail));
    await processed(event.id);

    for (const text of [gone, goneMail]) expect(await rowsMentioning(text)).toEqual(none);
    expect(await figures([a.sessionId, b.sessionId])).toEqual(before);
    expect(await h.ledger.sessionOwner(a.sessionId)).toBe(ERASED);
    const [audited] = await db()
      .select()
      .from(mapsUsage)
      .where(sql`${mapsUsage.sessionId} = ${a.sessionId}`);
    expect(audited!.request).toEqual({ q: `invite ${ERASED}`, by: ERASED });
    // The other account keeps its rows as they were.
    expect(await rowsMentioning(kept)).toMatchObject({
      billingUsage: 1,
      notificationUsage: 1,
      chatUsage: 2,
      callUsage: 1,
      sessions: 1,
      mapsUsage: 1,
    });
  });

  it('stores usage of the account that arrives after its deletion under nobody', async () => {
    const [gone, live] = [randomUUID(), randomUUID()];
    const event = await h.bus.publish(
      TOPICS.userDeleted,
      deleted(gone, `late-${gone}@example.test`),
    );
    await processed(event.id);
    const at = new Date().toISOString();
    const late = [gone, live].map((userId) => ({
      userId,
      kind: 'payment' as const,
      amountMinor: 900,
      currency: 'usd',
      plan: 'premium' as const,
      previousPlan: null,
      at,
    }));
    const ids: string[] = [];
    for (const data of late) ids.push((await h.bus.publish(TOPICS.billingUsage, data)).id);
    const note = await h.bus.publish(TOPICS.notificationSent, {
      deliveryId: randomUUID(),
      userId: gone,
      sessionId: null,
      kind: 'session-alert',
      channel: 'push',
      outcome: 'delivered',
      at,
    });
    await eventually(
      async () =>
        (
          await db()
            .select()
            .from(billingUsage)
            .where(sql`${billingUsage.id} in (${ids[0]}, ${ids[1]})`)
        ).length === 2,
    );
    await eventually(
      async () =>
        (
          await db()
            .select()
            .from(notificationUsage)
            .where(sql`${notificationUsage.id} = ${note.id}`)
        ).length === 1,
    );
    const stored = await db()
      .select()
      .from(billingUsage)
      .where(sql`${billingUsage.id} in (${ids[0]}, ${ids[1]})`);
    expect(Object.fromEntries(stored.map((r) => [r.id, [r.userId, r.amountMinor]]))).toEqual({
      [ids[0]!]: [ERASED, 900],
      [ids[1]!]: [live, 900],
    });
    expect(await rowsMentioning(gone)).toEqual(none);
  });

  it('is harmless when the event comes again (the same event, a second one, a bad one)', async () => {
    const gone = randomUUID();
    const mail = `again-${gone}@example.test`;
    await seed(gone, mail);
    const data = deleted(gone, mail);
    const first = await h.bus.publish(TOPICS.userDeleted, data);
    await processed(first.id);
    const state = async () =>
      Object.fromEntries(
        await Promise.all(
          Object.entries(tables).map(
            async ([k, t]) =>
              [
                k,
                await db()
                  .select()
                  .from(t)
                  .orderBy(sql`1`),
              ] as const,
          ),
        ),
      );
    const after = await state();
    await h.bus.publish(TOPICS.userDeleted, data, { id: first.id });
    const second = await h.bus.publish(TOPICS.userDeleted, {
      ...data,
      deletedAt: new Date().toISOString(),
    });
    await processed(second.id);
    const bad = await publishUnchecked(h.bus, TOPICS.userDeleted, { email: 3 });
    await deadLettered(h.redis, h.prefix, TOPICS.userDeleted, bad.id);
    expect(await state()).toEqual(after);
  });
});
