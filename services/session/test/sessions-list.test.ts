import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inArray, sql } from 'drizzle-orm';
import { sessionListResponseSchema } from '@oneeta/contracts';
import { participants, sessions } from '../src/store/schema.js';
import { bearer, createSession, destination } from './factories.js';
import { startSession, type SessionHarness, type TestUser } from './helpers.js';

let h: SessionHarness;
let me: TestUser;
const owned = { open: [] as string[], closed: [] as string[] };
const joined = { open: [] as string[], closed: [] as string[] };
let left: string;

const list = async (query: string, u = me) => {
  const res = await h.app.inject({
    method: 'GET',
    url: `/api/sessions/mine${query}`,
    headers: bearer(u.token),
  });
  expect(res.statusCode, res.body).toBe(200);
  return sessionListResponseSchema.parse(res.json());
};
const close = (u: TestUser, id: string) =>
  h.app.inject({
    method: 'POST',
    url: `/api/sessions/${id}/close`,
    headers: bearer(u.token),
    payload: { confirm: true },
  });

/** Every page of a status, following nextCursor. */
async function allPages(status: 'open' | 'closed', limit: number) {
  const ids: string[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const page = await list(`?status=${status}&limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`);
    expect(page.items.length).toBeLessThanOrEqual(limit);
    ids.push(...page.items.map((i) => i.sessionId));
    cursor = page.nextCursor;
    pages++;
  } while (cursor);
  return { ids, pages };
}

/** The expected order: updatedAt (to the microsecond) then id, both descending. */
async function expectedOrder(ids: string[]) {
  const rows = await h.database.db
    .select({
      id: sessions.id,
      at: sql<string>`to_char(${sessions.updatedAt}, 'YYYYMMDDHH24MISSUS')`,
    })
    .from(sessions)
    .where(inArray(sessions.id, ids));
  return rows
    .sort((a, b) => (a.at === b.at ? b.id.localeCompare(a.id) : b.at.localeCompare(a.at)))
    .map((r) => r.id);
}

beforeAll(async () => {
  h = await startSession();
  me = await h.user({ plan: 'premium' });
  const other = await h.user({ plan: 'premium' });
  for (let i = 0; i < 30; i++) {
    const mine = i % 3 !== 0;
    const s = await createSession(h, mine ? me : other, {
      destination: destination({ name: `Place ${i}` }),
    });
    if (!mine)
      await h.database.db
        .insert(participants)
        .values({ sessionId: s.sessionId, id: `user:${me.id}`, userId: me.id, name: 'Me' });
    const closed = i % 2 === 0;
    if (closed) expect((await close(mine ? me : other, s.sessionId)).statusCode).toBe(200);
    (mine ? owned : joined)[closed ? 'closed' : 'open'].push(s.sessionId);
  }
  for (let i = 0; i < 24; i++) {
    const s = await createSession(h, me);
    (i % 2 ? owned.open : owned.closed).push(s.sessionId);
    if (i % 2 === 0) await close(me, s.sessionId);
  }
  // Ties: several sessions share one updatedAt (with microseconds), so the id must break them.
  const tied = [...owned.open.slice(0, 4), ...joined.open.slice(0, 2), ...owned.closed.slice(0, 3)];
  await h.database.db
    .update(sessions)
    .set({ updatedAt: sql`'2031-02-03T04:05:06.123456Z'::timestamptz` })
    .where(inArray(sessions.id, tied));
  // A session I left and one I have nothing to do with never show.
  left = (await createSession(h, other)).sessionId;
  await h.database.db
    .insert(participants)
    .values({ sessionId: left, id: `user:${me.id}`, userId: me.id, name: 'Me', status: 'left' });
  await createSession(h, other);
}, 120_000);
afterAll(() => h.close());

describe('GET /api/sessions/mine', () => {
  it('answers 401 without a token', async () => {
    expect((await h.app.inject({ method: 'GET', url: '/api/sessions/mine' })).statusCode).toBe(401);
  });

  for (const status of ['open', 'closed'] as const) {
    it(`pages through 25+ ${status} sessions newest first with no duplicates and no gaps`, async () => {
      const expected = [...owned[status], ...joined[status]];
      expect(expected.length).toBeGreaterThanOrEqual(25);
      const { ids, pages } = await allPages(status, 7);
      expect(new Set(ids).size).toBe(ids.length);
      expect(ids).toEqual(await expectedOrder(expected));
      expect(pages).toBe(Math.ceil(expected.length / 7));
      expect(ids).not.toContain(left);
    });
  }

  it('defaults to open sessions, 20 per page', async () => {
    const page = await list('');
    expect(page.items).toHaveLength(20);
    expect(page.items.every((i) => !i.isClosed && i.closedAt === null)).toBe(true);
    expect(page.nextCursor).not.toBeNull();
  });

  it('describes each row: destination, arrival, timezone, participant count, status and my role', async () => {
    const { items } = await list('?status=closed&limit=100');
    const ownedItem = items.find((i) => i.sessionId === owned.closed[0])!;
    const joinedItem = items.find((i) => i.sessionId === joined.closed[0])!;
    expect(ownedItem).toMatchObject({
      role: 'owner',
      isClosed: true,
      tzId: 'America/Los_Angeles',
      participantCount: 1,
    });
    expect(ownedItem.closedAt).not.toBeNull();
    expect(joinedItem).toMatchObject({ role: 'participant', participantCount: 2 });
    expect(joinedItem.destinationName).toMatch(/^Place \d+$/);
    expect(Date.parse(joinedItem.arriveAt!)).toBeGreaterThan(Date.now());
  });

  it('rejects a cursor it did not make and a limit over 100 with 400', async () => {
    for (const query of [
      '?cursor=bogus',
      '?cursor=eyJhIjoxfQ',
      '?limit=101',
      '?limit=0',
      '?status=all',
    ]) {
      const res = await h.app.inject({
        method: 'GET',
        url: `/api/sessions/mine${query}`,
        headers: bearer(me.token),
      });
      expect({ query, status: res.statusCode }).toEqual({ query, status: 400 });
    }
  });

  it('answers an empty page for a user with no sessions', async () => {
    expect(await list('', await h.user())).toEqual({ items: [], nextCursor: null });
  });
});
