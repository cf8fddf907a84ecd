import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { TOPICS, type SessionNudge } from '@oneeta/contracts';
import { createSessionSubscriber, type SessionSubscriber } from '@oneeta/service-kit';
import { eventually, publishUnchecked, testRedisUrl } from '@oneeta/service-kit/testing';
import { DELETED_ACCOUNT } from '../src/domain/account-deletion.js';
import {
  invites,
  outbox,
  participants,
  sessions,
  suggestions,
  suggestionVotes,
} from '../src/store/schema.js';
import { inviteEmailKeys } from '../src/store/invite-emails.js';
import { bearer, createSession } from './factories.js';
import {
  startSession,
  startUserDeletedConsumerOn,
  type SessionHarness,
  type TestUser,
} from './helpers.js';
import { invite, join, proposeTwoPlaces, rowsOf, voteFor } from './membership.js';

/**
 * `user.deleted` takes the account out of every session: owned ones handed over (or closed when
 * nobody can take them), its rows and invites purged, each change announced through the outbox.
 */
let h: SessionHarness;
let subscriber: SessionSubscriber;
let consumer: { stop(): Promise<void> };
const frames: SessionNudge[] = [];

beforeAll(async () => {
  h = await startSession();
  consumer = await startUserDeletedConsumerOn(h, 'test-deleted');
  subscriber = createSessionSubscriber(testRedisUrl(), h.prefix, (_id, message) =>
    frames.push(message),
  );
});
afterAll(async () => {
  await consumer.stop();
  await subscriber.close();
  await h.close();
});

const sessionRow = async (id: string) =>
  (await h.database.db.select().from(sessions).where(eq(sessions.id, id)))[0]!;
const invitesOf = (id: string) =>
  h.database.db.select().from(invites).where(eq(invites.sessionId, id));
const outboxCount = async () =>
  (await h.database.db.select({ n: sql<number>`count(*)::int` }).from(outbox))[0]!.n;
const userRows = (userId: string) =>
  h.database.db.select().from(participants).where(eq(participants.userId, userId));
const removedFrames = (sessionId: string, userId: string) =>
  frames.filter(
    (f) => f.sessionId === sessionId && f.type === 'member-removed' && f.userId === userId,
  );

/** Publishes the account's deletion and waits until the consumer handled it (the view's tombstone aside). */
async function deleteAccount(user: TestUser, id = randomUUID()) {
  await h.bus.publish(
    TOPICS.userDeleted,
    { userId: user.id, email: user.email, deletedAt: new Date().toISOString() },
    { id },
  );
  await eventually(
    async () => (await h.redis.get(`${h.prefix}:processed:session:user-deleted:${id}`)) === 'done',
    { timeoutMs: 10_000 },
  );
  await h.drained();
}

describe('user.deleted', () => {
  it("hands a deleted owner's session to the longest-standing member, drops the owner and their invites", async () => {
    const owner = await h.user({ plan: 'premium' });
    const [first, second] = [await h.user({ plan: 'standard' }), await h.user()];
    const { sessionId } = await createSession(h, owner, {
      participants: [{ id: 'g-1', name: 'Mom', lat: 47.1, lon: -122.1 }],
    });
    await join(h, owner, sessionId, first);
    await join(h, owner, sessionId, second);
    await invite(h, owner, sessionId, 'pending-friend@example.com', 'Friend');
    await h.redis.set(inviteEmailKeys(h.prefix, owner.id, owner.email).sender, '3');
    await h.drained();
    await subscriber.subscribe(sessionId);

    await deleteAccount(owner);

    const row = await sessionRow(sessionId);
    expect(row.creatorUserId).toBe(first.id);
    expect(row.ownerPlan).toBe('standard');
    expect(row.isClosed).toBe(false);
    const rows = await rowsOf(h, sessionId);
    expect(rows.find((p) => p.userId === owner.id)).toBeUndefined();
    expect(rows.filter((p) => p.isOwner).map((p) => p.userId)).toEqual([first.id]);
    expect(rows.some((p) => p.status === 'pending')).toBe(false);
    const left = await invitesOf(sessionId);
    expect(left.some((i) => i.status === 'pending')).toBe(false);
    expect(left.every((i) => i.inviterUserId === DELETED_ACCOUNT && i.inviterName === null)).toBe(
      true,
    );
    expect(await h.redis.exists(inviteEmailKeys(h.prefix, owner.id, owner.email).sender)).toBe(0);
    // The new owner sees the session as its owner.
    const view = await h.app.inject({
      method: 'GET',
      url: `/api/sessions/${sessionId}`,
      headers: bearer(first.token),
    });
    expect(view.statusCode).toBe(200);
    expect(view.json().session.creatorUserId).toBe(first.id);
    await eventually(() => removedFrames(sessionId, owner.id).length === 1, { timeoutMs: 5000 });
  });

  it("closes a deleted owner's session nobody with an account can take over, and keeps no position", async () => {
    const owner = await h.user({ plan: 'premium' });
    const { sessionId } = await createSession(h, owner, {
      participants: [{ id: 'g-1', name: 'Mom', lat: 47.1, lon: -122.1 }],
    });
    await deleteAccount(owner);
    const row = await sessionRow(sessionId);
    expect(row.isClosed).toBe(true);
    expect(row.closedAt).not.toBeNull();
    expect(row.creatorUserId).toBe(DELETED_ACCOUNT);
    const rows = await rowsOf(h, sessionId);
    expect(rows.map((p) => p.id)).toEqual(['g-1']);
    expect(rows.every((p) => p.lat === null && p.lon === null)).toBe(true);
  });

  it('takes a deleted member out of every session: no row, no position, invites to their address gone', async () => {
    const [ownerA, ownerB] = [await h.user({ plan: 'premium' }), await h.user({ plan: 'premium' })];
    const member = await h.user({ plan: 'premium' });
    const a = await createSession(h, ownerA);
    const b = await createSession(h, ownerB);
    await join(h, ownerA, a.sessionId, member);
    const pending = await invite(h, ownerB, b.sessionId, member.email.toUpperCase(), 'Member');
    // The member's own session, with a guest, goes too (closed: nobody else has an account).
    const own = await createSession(h, member, {
      participants: [{ id: 'g-9', name: 'Kid', lat: 47.2, lon: -122.2 }],
    });
    await h.drained();
    await subscriber.subscribe(a.sessionId);
    expect((await userRows(member.id)).length).toBe(2);

    await deleteAccount(member);

    expect(await userRows(member.id)).toEqual([]);
    const rowsA = await rowsOf(h, a.sessionId);
    expect(rowsA.map((p) => p.userId)).toEqual([ownerA.id]);
    expect(rowsA.some((p) => p.email?.toLowerCase() === member.email.toLowerCase())).toBe(false);
    expect(
      (await invitesOf(a.sessionId)).some(
        (i) =>
          i.acceptedUserId === member.id || i.email.toLowerCase() === member.email.toLowerCase(),
      ),
    ).toBe(false);
    expect((await invitesOf(b.sessionId)).find((i) => i.id === pending.id)).toBeUndefined();
    expect((await rowsOf(h, b.sessionId)).some((p) => p.status === 'pending')).toBe(false);
    expect((await sessionRow(own.sessionId)).isClosed).toBe(true);
    await eventually(() => removedFrames(a.sessionId, member.id).length === 1, { timeoutMs: 5000 });
    // The owner's view no longer lists them, and the change went out as session.changed.
    const view = await h.app.inject({
      method: 'GET',
      url: `/api/sessions/${a.sessionId}`,
      headers: bearer(ownerA.token),
    });
    expect(view.json().session.participants.map((p: { id: string }) => p.id)).not.toContain(
      `user:${member.id}`,
    );
    const messages = await h.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.aggregate, `session:${a.sessionId}`));
    expect(
      messages.some(
        (m) =>
          m.message.kind === 'event' &&
          m.message.envelope.type === TOPICS.sessionChanged &&
          (m.message.envelope.data as { reason: string }).reason === 'account-deleted',
      ),
    ).toBe(true);
  });

  it("drops the session's suggestion the account was counted in, with every vote", async () => {
    const owner = await h.user({ plan: 'premium' });
    const member = await h.user();
    const s = await createSession(h, owner);
    await join(h, owner, s.sessionId, member);
    const sid = await proposeTwoPlaces(h, owner, s.sessionId);
    for (const u of [member, owner]) await voteFor(h, u, s.sessionId, sid, 1);
    const votesOf = () =>
      h.database.db.select().from(suggestionVotes).where(eq(suggestionVotes.suggestionId, sid));
    expect((await votesOf()).length).toBe(2);

    await deleteAccount(member);

    expect(await h.database.db.select().from(suggestions).where(eq(suggestions.id, sid))).toEqual(
      [],
    );
    expect(await votesOf()).toEqual([]);
    const view = await h.app.inject({
      method: 'GET',
      url: `/api/sessions/${s.sessionId}`,
      headers: bearer(owner.token),
    });
    expect(view.json().session.suggestion ?? null).toBeNull();
  });

  it('changes nothing when the deletion arrives again (the same event, or a new one)', async () => {
    const owner = await h.user({ plan: 'premium' });
    const member = await h.user();
    const { sessionId } = await createSession(h, owner);
    await join(h, owner, sessionId, member);
    const id = randomUUID();
    await deleteAccount(member, id);
    const after = {
      rows: await rowsOf(h, sessionId),
      session: await sessionRow(sessionId),
      outbox: await outboxCount(),
    };
    await h.redis.del(`${h.prefix}:processed:session:user-deleted:${id}`);
    await deleteAccount(member, id);
    await deleteAccount(member);
    expect(await rowsOf(h, sessionId)).toEqual(after.rows);
    expect(await sessionRow(sessionId)).toEqual(after.session);
    expect(await outboxCount()).toBe(after.outbox);
  });

  it('skips a malformed payload and keeps consuming', async () => {
    const owner = await h.user({ plan: 'premium' });
    const { sessionId } = await createSession(h, owner);
    await publishUnchecked(h.bus, TOPICS.userDeleted, { userId: 42 });
    await deleteAccount(owner);
    expect((await sessionRow(sessionId)).isClosed).toBe(true);
  });
});
