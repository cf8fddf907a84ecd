import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOPICS } from '@oneeta/contracts';
import type { Database } from '@oneeta/service-kit';
import { deadLettered, publishUnchecked } from '@oneeta/service-kit/testing';
import { eq, sql } from 'drizzle-orm';
import { ERASED } from '../src/store/erase-user.js';
import { deliveries, outbox, sessionSchedules } from '../src/store/schema.js';
import { deleted, ledgerCounts, processed, rowsOf, seed } from './deleted-account.js';
import { startNotification, type NotificationHarness } from './helpers.js';

/** The user.deleted consumer: nothing of the account stays, the ledger still adds up. */
describe('a deleted account', () => {
  let h: NotificationHarness;
  beforeAll(async () => {
    h = await startNotification();
  });
  afterAll(async () => {
    await h.close();
  });

  const db = () => h.database.db as Database;

  it('erases everything of the account, keeps the ledger figures anonymised, and removes its queued jobs', async () => {
    const [gone, kept] = [await h.user(), await h.user()];
    const seeded = await seed(h, gone);
    const other = await seed(h, kept);
    const before = await rowsOf(h, gone.id, gone.email);
    expect(Object.values(before).every((n) => n > 0)).toBe(true);
    const figures = await ledgerCounts(h);

    const event = await h.bus.publish(TOPICS.userDeleted, deleted(gone));
    await processed(h, event.id);

    expect(await rowsOf(h, gone.id, gone.email)).toEqual({
      devices: 0,
      preferences: 0,
      mutes: 0,
      inbox: 0,
      reminders: 0,
      alerts: 0,
      emails: 0,
      ledger: 0,
      schedules: 0,
      outbox: 0,
    });
    expect(await ledgerCounts(h)).toEqual(figures);
    const anonymous = await db().select().from(deliveries).where(eq(deliveries.userId, ERASED));
    expect(anonymous.length).toBeGreaterThanOrEqual(3);
    expect(anonymous.every((r) => r.target === ERASED)).toBe(true);
    // The event held back still counts, without the account's id.
    const events = await db()
      .select()
      .from(outbox)
      .where(
        sql`${outbox.message}->>'kind' = 'event' and ${outbox.message}->'envelope'->'data'->>'userId' = ${ERASED}`,
      );
    expect(events.length).toBeGreaterThanOrEqual(1);
    const [left] = await db()
      .select()
      .from(sessionSchedules)
      .where(eq(sessionSchedules.sessionId, seeded.sessionId));
    expect(left!.schedule.participants.map((p) => p.userId)).toEqual(['someone-else']);
    for (const id of seeded.jobs) expect(await h.notifyQueue.getJob(id)).toBeUndefined();
    expect(await h.reminders.getJob(seeded.reminderId)).toBeUndefined();

    // The other account keeps all of it.
    expect(Object.values(await rowsOf(h, kept.id, kept.email)).every((n) => n > 0)).toBe(true);
    for (const id of other.jobs) expect(await h.notifyQueue.getJob(id)).toBeDefined();
    expect(await h.reminders.getJob(other.reminderId)).toBeDefined();
  });

  it('is harmless when the event comes again (the same event, or a second one for the account)', async () => {
    const u = await h.user();
    await seed(h, u);
    const data = deleted(u);
    const first = await h.bus.publish(TOPICS.userDeleted, data);
    await processed(h, first.id);
    const figures = await ledgerCounts(h);
    const after = await rowsOf(h, u.id, u.email);

    const again = await h.bus.publish(TOPICS.userDeleted, data, { id: first.id });
    const second = await h.bus.publish(TOPICS.userDeleted, {
      ...data,
      deletedAt: new Date().toISOString(),
    });
    await processed(h, second.id);
    expect(again.id).toBe(first.id);
    expect(await ledgerCounts(h)).toEqual(figures);
    expect(await rowsOf(h, u.id, u.email)).toEqual(after);
    // A bad payload changes nothing and does not stop the consumer.
    const bad = await publishUnchecked(h.bus, TOPICS.userDeleted, { userId: 42 });
    await deadLettered(h.redis, h.prefix, TOPICS.userDeleted, bad.id);
    expect(await ledgerCounts(h)).toEqual(figures);
  });
});
