import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationUserExportSchema } from '@oneeta/contracts';
import { TEST_INTERNAL_TOKEN } from '@oneeta/service-kit/testing';
import { inboxId } from '../src/domain/inbox.js';
import { createInboxStore } from '../src/store/inbox-store.js';
import {
  fakeSubscription,
  mute,
  newSessionId,
  preferencesWith,
  putPreferences,
  subscribe,
} from './factories.js';
import { startNotification, type NotificationHarness } from './helpers.js';

let h: NotificationHarness;
beforeAll(async () => {
  h = await startNotification();
});
afterAll(async () => {
  await h.close();
});

const exportOf = (userId: string, token: string | null = TEST_INTERNAL_TOKEN) =>
  h.app.inject({
    method: 'GET',
    url: `/internal/users/${userId}/export`,
    headers: token ? { 'x-internal-token': token } : {},
  });

describe('GET /internal/users/:id/export', () => {
  it('needs the internal token', async () => {
    const user = await h.user();
    for (const token of [null, 'wrong-token-wrong-token-wrong']) {
      const res = await exportOf(user.id, token);
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('internal_only');
    }
  });

  it("answers the account's devices (the push service's host only), preferences, mutes and inbox, nobody else's", async () => {
    const [me, other] = [await h.user(), await h.user()];
    const sub = fakeSubscription();
    expect((await subscribe(h, me.token, sub)).statusCode).toBe(201);
    expect((await subscribe(h, other.token, fakeSubscription())).statusCode).toBe(201);
    const preferences = preferencesWith('leave', { push: false, inApp: true });
    expect((await putPreferences(h, me.token, preferences)).statusCode).toBe(200);
    const sessionId = newSessionId();
    expect((await mute(h, me.token, sessionId)).statusCode).toBe(200);
    const id = inboxId(Date.now());
    await createInboxStore(h.database.db).add({
      id,
      sourceKey: `export|${id}`,
      userId: me.id,
      sessionId,
      kind: 'arrived',
      text: 'Ada arrived',
      url: `/s/${sessionId}`,
      suggestedArriveAt: null,
      createdAt: new Date(),
    });

    const res = await exportOf(me.id);
    expect(res.statusCode).toBe(200);
    const body = notificationUserExportSchema.parse(res.json());
    expect(body.devices).toEqual([
      expect.objectContaining({ endpointHost: 'push.example.test', deviceName: 'Laptop' }),
    ]);
    expect(res.body).not.toContain(sub.endpoint);
    expect(res.body).not.toContain(sub.keys.auth);
    expect(body.preferences).toEqual(preferences);
    expect(body.mutedSessions).toEqual([expect.objectContaining({ sessionId })]);
    expect(body.inbox).toEqual([
      expect.objectContaining({
        id,
        sessionId,
        kind: 'arrived',
        text: 'Ada arrived',
        readAt: null,
      }),
    ]);

    const nobody = notificationUserExportSchema.parse((await exportOf('never-seen')).json());
    expect(nobody).toEqual({
      devices: [],
      preferences: null,
      mutedSessions: [],
      inbox: [],
      reminders: [],
      deliveries: [],
    });
  });
});
