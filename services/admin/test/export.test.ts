import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminUserExportSchema, TOPICS, type NotificationSentData } from '@oneeta/contracts';
import { eventually, TEST_INTERNAL_TOKEN } from '@oneeta/service-kit/testing';
import { startAdmin, type AdminHarness } from './helpers.js';

let h: AdminHarness;
beforeAll(async () => {
  h = await startAdmin();
});
afterAll(() => h.close());

const exportOf = (userId: string, token: string | null = TEST_INTERNAL_TOKEN) =>
  h.app.inject({
    method: 'GET',
    url: `/internal/users/${userId}/export`,
    headers: token ? { 'x-internal-token': token } : {},
  });

describe('GET /internal/users/:id/export', () => {
  it('needs the internal token', async () => {
    for (const token of [null, 'wrong-token-wrong-token-wrong']) {
      const res = await exportOf('someone', token);
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('internal_only');
    }
  });

  it("answers the ledger's rows about the account (notifications, chat, calls, billing), nobody else's", async () => {
    const [me, other] = [randomUUID(), randomUUID()];
    const sessionId = `exp${randomUUID().slice(0, 8)}`;
    const at = '2026-11-25T10:05:00.000Z';
    for (const userId of [me, other]) {
      const sent: NotificationSentData = {
        deliveryId: randomUUID(),
        userId,
        sessionId,
        kind: 'invite',
        channel: 'push',
        outcome: 'delivered',
        at,
      };
      await h.bus.publish(TOPICS.notificationSent, sent, { id: sent.deliveryId });
      await h.bus.publish(TOPICS.chatMessage, {
        sessionId,
        senderId: `8:oneeta:${userId}`,
        length: 12,
        at,
      });
      await h.bus.publish(TOPICS.callUsage, {
        sessionId,
        participantAcsId: `8:oneeta:${userId}`,
        seconds: 61.5,
        mode: 'voice',
        at,
      });
      await h.bus.publish(TOPICS.billingUsage, {
        userId,
        kind: 'payment',
        amountMinor: 499,
        currency: 'USD',
        plan: 'standard',
        previousPlan: 'free',
        at,
      });
    }
    const body = await eventually(async () => {
      const res = await exportOf(me);
      const parsed = adminUserExportSchema.parse(res.json());
      return parsed.notifications.length +
        parsed.chatMessages.length +
        parsed.calls.length +
        parsed.billing.length ===
        4
        ? parsed
        : undefined;
    });
    expect(body).toEqual({
      notifications: [{ sessionId, kind: 'invite', channel: 'push', outcome: 'delivered', at }],
      chatMessages: [{ sessionId, length: 12, at }],
      calls: [{ sessionId, seconds: 61.5, mode: 'voice', at }],
      billing: [
        {
          kind: 'payment',
          amountMinor: 499,
          currency: 'USD',
          plan: 'standard',
          previousPlan: 'free',
          at,
        },
      ],
    });
    expect(adminUserExportSchema.parse((await exportOf('never-seen')).json())).toEqual({
      notifications: [],
      chatMessages: [],
      calls: [],
      billing: [],
    });
  });
});
