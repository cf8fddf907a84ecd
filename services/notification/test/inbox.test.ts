import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_NOTIFICATION_PREFERENCES } from '@oneeta/contracts';
import { inboxId } from '../src/domain/inbox.js';
import { createInboxStore } from '../src/store/inbox-store.js';
import {
  inbox,
  mute,
  newSessionId,
  preferencesWith,
  putPreferences,
  readInbox,
} from './factories.js';
import { bearer, startNotification, type NotificationHarness } from './helpers.js';

/** The in-app inbox, preferences and mutes over HTTP, each user seeing and changing only their own. */
let h: NotificationHarness;
beforeAll(async () => {
  h = await startNotification();
});
afterAll(async () => {
  await h.close();
});

/** Writes `n` in-app notifications for a user, `ageMs` old, oldest first (as the deliveries do). */
async function seed(userId: string, n: number, ageMs = 0) {
  const store = createInboxStore(h.database.db);
  const sessionId = newSessionId();
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const createdAt = new Date(Date.now() - ageMs);
    const id = inboxId(createdAt.getTime());
    await store.add({
      id,
      sourceKey: `test|${id}`,
      userId,
      sessionId,
      kind: 'arrived',
      text: `Guest ${i} arrived`,
      url: `/s/${sessionId}`,
      suggestedArriveAt: null,
      createdAt,
    });
    ids.push(id);
  }
  return ids;
}

const preferencesOf = async (token: string) => {
  const res = await h.app.inject({
    method: 'GET',
    url: '/api/notifications/preferences',
    headers: bearer(token),
  });
  expect(res.statusCode).toBe(200);
  return res.json() as { preferences: unknown; mutedSessions: string[] };
};

describe('GET /api/notifications/inbox and POST /api/notifications/inbox/read', () => {
  it("lists the caller's unread notifications oldest first, after an id, at most 50", async () => {
    const [me, other] = [await h.user(), await h.user()];
    const ids = await seed(me.id, 55);
    await seed(other.id, 2);
    const first = await inbox(h, me.token);
    expect(first.map((n) => n.id)).toEqual(ids.slice(0, 50));
    expect(first[0]).toMatchObject({
      kind: 'arrived',
      text: 'Guest 0 arrived',
      suggestedArriveAt: null,
    });
    expect((await inbox(h, me.token, ids[49])).map((n) => n.id)).toEqual(ids.slice(50));
    expect(await inbox(h, me.token, ids[54])).toEqual([]);
  });

  it('leaves out notifications older than a day', async () => {
    const me = await h.user();
    await seed(me.id, 1, 24 * 3600_000 + 60_000);
    const [fresh] = await seed(me.id, 1, 23 * 3600_000);
    expect((await inbox(h, me.token)).map((n) => n.id)).toEqual([fresh]);
  });

  it("marks only the caller's own notifications read, and read ones leave the list", async () => {
    const [me, other] = [await h.user(), await h.user()];
    const mine = await seed(me.id, 3);
    const theirs = await seed(other.id, 1);
    const res = await readInbox(h, me.token, [mine[0]!, mine[1]!, theirs[0]!, 'unknown-id']);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ read: 2 });
    expect((await inbox(h, me.token)).map((n) => n.id)).toEqual([mine[2]]);
    expect((await inbox(h, other.token)).map((n) => n.id)).toEqual(theirs);
    expect((await readInbox(h, me.token, [mine[0]!])).json()).toEqual({ read: 0 });
  });

  it('refuses bad input with 400 and a sentence, and callers who are not signed in with 401', async () => {
    const me = await h.user();
    const [id] = await seed(me.id, 1);
    for (const payload of [{ ids: [] }, { ids: ['x'.repeat(65)] }, { ids: 'abc' }, {}]) {
      const res = await h.app.inject({
        method: 'POST',
        url: '/api/notifications/inbox/read',
        headers: bearer(me.token),
        payload,
      });
      expect(res.statusCode).toBe(400);
      expect(typeof (res.json() as { error: unknown }).error).toBe('string');
    }
    expect((await inbox(h, me.token)).map((n) => n.id)).toEqual([id]);
    const long = await h.app.inject({
      method: 'GET',
      url: `/api/notifications/inbox?after=${'x'.repeat(65)}`,
      headers: bearer(me.token),
    });
    expect(long.statusCode).toBe(400);
    expect(
      (await h.app.inject({ method: 'GET', url: '/api/notifications/inbox' })).statusCode,
    ).toBe(401);
    expect(
      (
        await h.app.inject({
          method: 'POST',
          url: '/api/notifications/inbox/read',
          payload: { ids: [id] },
        })
      ).statusCode,
    ).toBe(401);
  });
});

describe('/api/notifications/preferences and /api/notifications/mutes', () => {
  it('answers every switch on and no muted session until the user changes them, then what they saved', async () => {
    const [me, other] = [await h.user(), await h.user()];
    expect(await preferencesOf(me.token)).toEqual({
      preferences: DEFAULT_NOTIFICATION_PREFERENCES,
      mutedSessions: [],
    });
    const saved = preferencesWith('arrived', { push: false, inApp: true });
    const res = await putPreferences(h, me.token, saved);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ preferences: saved, mutedSessions: [] });
    expect(await preferencesOf(me.token)).toEqual({ preferences: saved, mutedSessions: [] });
    expect(
      (await putPreferences(h, me.token, DEFAULT_NOTIFICATION_PREFERENCES)).json(),
    ).toMatchObject({ preferences: DEFAULT_NOTIFICATION_PREFERENCES });
    expect((await preferencesOf(other.token)).preferences).toEqual(
      DEFAULT_NOTIFICATION_PREFERENCES,
    );
  });

  it.each([
    ['a missing topic', { leave: { push: true, inApp: true }, late: { push: true, inApp: true } }],
    [
      'a switch that is not a boolean',
      { ...DEFAULT_NOTIFICATION_PREFERENCES, late: { push: 'no', inApp: true } },
    ],
    ['a missing channel', { ...DEFAULT_NOTIFICATION_PREFERENCES, leave: { push: false } }],
    ['no preferences at all', undefined],
  ])('refuses preferences with %s with 400 and changes nothing', async (_label, preferences) => {
    const me = await h.user();
    const saved = preferencesWith('leave', { push: false, inApp: false });
    expect((await putPreferences(h, me.token, saved)).statusCode).toBe(200);
    const res = await putPreferences(h, me.token, preferences);
    expect(res.statusCode).toBe(400);
    expect(typeof (res.json() as { error: unknown }).error).toBe('string');
    expect((await preferencesOf(me.token)).preferences).toEqual(saved);
  });

  it('mutes and unmutes a session for the caller alone', async () => {
    const [me, other] = [await h.user(), await h.user()];
    const [a, b] = [newSessionId(), newSessionId()];
    const res = await mute(h, me.token, a);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ sessionId: a, muted: true });
    expect((await mute(h, me.token, a)).statusCode).toBe(200);
    await mute(h, me.token, b);
    expect((await preferencesOf(me.token)).mutedSessions).toEqual([a, b]);
    expect((await preferencesOf(other.token)).mutedSessions).toEqual([]);
    expect((await mute(h, me.token, a, false)).json()).toEqual({ sessionId: a, muted: false });
    expect((await preferencesOf(me.token)).mutedSessions).toEqual([b]);
  });

  it('refuses a bad session id or body with 400 and changes nothing; needs sign-in', async () => {
    const me = await h.user();
    for (const [id, payload] of [
      ['NOT-ONE', { muted: true }],
      ['abc', { muted: true }],
      [newSessionId(), { muted: 'yes' }],
      [newSessionId(), {}],
    ] as const) {
      const res = await h.app.inject({
        method: 'PUT',
        url: `/api/notifications/mutes/${id}`,
        headers: bearer(me.token),
        payload,
      });
      expect(res.statusCode).toBe(400);
      expect(typeof (res.json() as { error: unknown }).error).toBe('string');
    }
    const bad = await h.app.inject({
      method: 'PUT',
      url: '/api/notifications/mutes/NOT-ONE',
      headers: bearer(me.token),
      payload: { muted: true },
    });
    expect((bad.json() as { error: string }).error).toContain('Session id must be 7 characters');
    expect((await preferencesOf(me.token)).mutedSessions).toEqual([]);
    expect(
      (
        await h.app.inject({
          method: 'PUT',
          url: `/api/notifications/mutes/${newSessionId()}`,
          payload: { muted: true },
        })
      ).statusCode,
    ).toBe(401);
    expect(
      (await h.app.inject({ method: 'GET', url: '/api/notifications/preferences' })).statusCode,
    ).toBe(401);
  });
});
