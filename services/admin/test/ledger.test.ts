import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOPICS, type NotificationSentData } from '@oneeta/contracts';
import { eventually } from '@oneeta/service-kit/testing';
import { estimateCost } from '@oneeta/travel';
import { bearer, searchCall, startAdmin, workerCall, type AdminHarness } from './helpers.js';

let h: AdminHarness;
let adminToken: string;
beforeAll(async () => {
  h = await startAdmin();
  adminToken = (await h.user({ isAdmin: true })).token;
});
afterAll(() => h.close());

const get = async <T>(url: string, token = adminToken) => {
  const res = await h.app.inject({ method: 'GET', url, headers: bearer(token) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
};
const summary = (id: string) =>
  get<{ totals: { count: number; azureRequests: number } }>(`/api/sessions/${id}/audit/summary`);
const newSession = () => `s${randomUUID().slice(0, 8)}`;

describe('the usage ledger', () => {
  it('counts an event delivered twice once', async () => {
    const id = newSession();
    const eventId = randomUUID();
    await h.bus.publish(TOPICS.usageRecorded, workerCall(id, 4), { id: eventId });
    await h.bus.publish(TOPICS.usageRecorded, workerCall(id, 4), { id: eventId });
    await h.bus.publish(TOPICS.usageRecorded, searchCall(id));
    await eventually(async () => (await summary(id)).totals.count === 2);
    expect((await summary(id)).totals).toEqual({ count: 2, azureRequests: 2 });
  });

  it('buckets by UTC hour, whatever the zone of the events', async () => {
    const id = newSession();
    await h.bus.publish(TOPICS.usageRecorded, workerCall(id, 2), {
      occurredAt: '2026-11-25T22:59:59.999Z',
    });
    await h.bus.publish(TOPICS.usageRecorded, workerCall(id, 2), {
      occurredAt: '2026-11-25T23:00:00.000+00:00',
    });
    await h.bus.publish(TOPICS.usageRecorded, workerCall(id, 2), {
      occurredAt: '2026-11-26T00:30:00.000+01:00',
    });
    const usage = await eventually(async () => {
      const u = (
        await get<{ usage: { dateHour: string; count: number }[] }>(
          `/api/sessions/${id}/matrix-usage?includeRequests=false`,
        )
      ).usage;
      return u.reduce((n, x) => n + x.count, 0) === 3 ? u : null;
    });
    expect(usage).toEqual([
      { dateHour: '2026-11-25T22:00:00Z', count: 1 },
      { dateHour: '2026-11-25T23:00:00Z', count: 2 },
    ]);
  });

  it("adds a worker's calls up to what its usage.recorded events say, and prices them at $0.50 per 1,000 transactions", async () => {
    const id = newSession();
    const cells = [3, 5, 8, 40];
    for (const n of cells) await h.bus.publish(TOPICS.usageRecorded, workerCall(id, n));
    // A cache hit costs nothing; a call whose cells are unknown counts 4 cells (1 transaction).
    await h.bus.publish(
      TOPICS.usageRecorded,
      workerCall(id, 6, { strategy: 'cache', providerRequests: 0 }),
    );
    await h.bus.publish(TOPICS.usageRecorded, {
      ...workerCall(id, 0),
      origin: 'maps-api',
      metrics: { providerRequests: 1, provider: 'azure', strategy: 'matrix', durationMs: 50 },
    });
    await h.bus.publish(TOPICS.usageRecorded, searchCall(id));
    const transactions = cells.reduce((t, n) => t + Math.ceil(n / 4), 0) + 1;
    const matrix = await eventually(async () => {
      const m = await get<{
        originTotals: { origin: string; totalTransactions: number; calls: number }[];
        hourly: { transactions: number; totalCells: number; count: number }[];
        estimatedCost: number;
      }>(`/api/admin/matrix/${id}`);
      return m.originTotals.reduce((n, o) => n + o.calls, 0) === 6 ? m : null;
    });
    expect(matrix.originTotals).toEqual([
      { origin: 'maps-api', totalTransactions: 1, calls: 1 },
      { origin: 'route-matrix', totalTransactions: transactions - 1, calls: 5 },
    ]);
    expect(matrix.estimatedCost).toBeCloseTo(estimateCost(transactions), 10);
    expect(matrix.estimatedCost).toBeCloseTo((transactions / 1000) * 0.5, 10);
    expect(matrix.hourly.reduce((t, x) => t + x.transactions, 0)).toBe(transactions);
    expect(matrix.hourly.reduce((t, x) => t + x.totalCells, 0)).toBe(3 + 5 + 8 + 40 + 4);

    const { items } = await get<{
      items: {
        sessionId: string;
        totalTransactions: number;
        totalMatrixCalls: number;
        totalAzureRequests: number;
        eventCount: number;
        estimatedCost: number;
      }[];
    }>('/api/admin/azure-usage?limit=200');
    expect(items.find((i) => i.sessionId === id)).toMatchObject({
      totalTransactions: transactions,
      totalMatrixCalls: 6,
      totalAzureRequests: 6,
      eventCount: 7,
    });
    const top = await get<{ items: { sessionId: string; estimatedCost: number }[] }>(
      '/api/admin/matrix/top?limit=200',
    );
    expect(top.items.find((i) => i.sessionId === id)?.estimatedCost).toBeCloseTo(
      estimateCost(transactions),
      10,
    );
    const origins = await get<{
      items: { origin: string; azureRequests: number; events: number }[];
    }>(`/api/admin/azure-usage/${id}/origins`);
    expect(origins.items).toEqual([
      { origin: 'maps-api', azureRequests: 2, events: 2 },
      { origin: 'route-matrix', azureRequests: 4, events: 5 },
    ]);
  });

  it('counts notifications by channel and hour, chat messages and call seconds per session', async () => {
    const id = newSession();
    const sent = (channel: NotificationSentData['channel'], at: string): NotificationSentData => ({
      deliveryId: randomUUID(),
      userId: 'u1',
      sessionId: id,
      kind: 'invite',
      channel,
      outcome: 'delivered',
      at,
    });
    for (const n of [
      sent('push', '2026-11-25T10:05:00Z'),
      sent('push', '2026-11-25T10:55:00Z'),
      sent('email', '2026-11-25T11:00:00Z'),
      sent('sms', '2026-11-25T11:01:00Z'),
    ]) {
      await h.bus.publish(TOPICS.notificationSent, n, { id: n.deliveryId });
    }
    await h.bus.publish(TOPICS.chatMessage, {
      sessionId: id,
      senderId: 'a',
      length: 12,
      at: '2026-11-25T10:00:00Z',
    });
    await h.bus.publish(TOPICS.chatMessage, {
      sessionId: id,
      senderId: 'b',
      length: 30,
      at: '2026-11-25T10:10:00Z',
    });
    await h.bus.publish(TOPICS.callUsage, {
      sessionId: id,
      participantAcsId: 'acs-a',
      seconds: 61.5,
      mode: 'voice',
      at: '2026-11-25T10:20:00Z',
    });
    await h.bus.publish(TOPICS.callUsage, {
      sessionId: id,
      participantAcsId: 'acs-a',
      seconds: 20,
      mode: 'voice',
      at: '2026-11-25T10:40:00Z',
    });
    await h.bus.publish(TOPICS.callUsage, {
      sessionId: id,
      participantAcsId: 'acs-b',
      seconds: 30,
      mode: 'video',
      at: '2026-11-25T10:40:00Z',
    });

    const notifications = await eventually(async () => {
      const n = await get<{ totals: { totalNotifications: number }; hourly: unknown[] }>(
        `/api/admin/notifications/${id}`,
      );
      return n.totals.totalNotifications === 4 ? n : null;
    });
    expect(notifications).toEqual({
      totals: {
        sessionId: id,
        totalNotifications: 4,
        smsCount: 1,
        emailCount: 1,
        pushCount: 2,
        inAppCount: 0,
      },
      hourly: [
        {
          hour: '2026-11-25T10:00:00Z',
          notifications: 2,
          smsCount: 0,
          emailCount: 0,
          pushCount: 2,
        },
        {
          hour: '2026-11-25T11:00:00Z',
          notifications: 2,
          smsCount: 1,
          emailCount: 1,
          pushCount: 0,
        },
      ],
    });
    expect(
      (await get<{ items: { sessionId: string }[] }>('/api/admin/notifications')).items,
    ).toContainEqual({
      sessionId: id,
      totalNotifications: 4,
      smsCount: 1,
      emailCount: 1,
      pushCount: 2,
      inAppCount: 0,
    });

    const chats = await eventually(async () => {
      const c = await get<{ totals: { totalMessages: number } }>(`/api/admin/chats/${id}`);
      return c.totals.totalMessages === 2 ? c : null;
    });
    expect(chats).toEqual({
      totals: { sessionId: id, totalMessages: 2, totalLength: 42 },
      hourly: [{ hour: '2026-11-25T10:00:00Z', messages: 2, totalLength: 42 }],
    });
    const participants = await eventually(async () => {
      const p = await get<{ items: { totalSeconds: number }[] }>(
        `/api/admin/call-seconds/${id}/participants`,
      );
      return p.items.length === 2 && p.items[0]!.totalSeconds === 81.5 ? p : null;
    });
    expect(participants.items).toEqual([
      { participantAcsId: 'acs-a', mode: 'voice', totalSeconds: 81.5 },
      { participantAcsId: 'acs-b', mode: 'video', totalSeconds: 30 },
    ]);
    expect(
      (
        await get<{ items: { sessionId: string; totalSeconds: number }[] }>(
          '/api/admin/call-seconds',
        )
      ).items,
    ).toContainEqual({ sessionId: id, totalSeconds: 111.5 });
    expect((await get<{ items: unknown[] }>('/api/admin/chats')).items).toContainEqual({
      sessionId: id,
      totalMessages: 2,
      totalLength: 42,
    });
  });

  it('pages the audit log newest first by cursor, filters by event, and refuses a bad cursor', async () => {
    const id = newSession();
    for (let i = 0; i < 5; i++)
      await h.bus.publish(TOPICS.usageRecorded, workerCall(id, i + 1), {
        occurredAt: `2026-11-25T10:0${i}:00.000Z`,
      });
    await h.bus.publish(TOPICS.usageRecorded, searchCall(id), {
      occurredAt: '2026-11-25T10:09:00.000Z',
    });
    await eventually(async () => (await summary(id)).totals.count === 6);
    type Page = {
      items: {
        event: string;
        createdAt: string;
        request: { originCount?: number };
        metrics: { azureRequests: number; strategy: string };
      }[];
      nextCursor: string | null;
    };
    const first = await get<Page>(`/api/sessions/${id}/audit?event=travel_times&limit=2`);
    expect(first.items.map((i) => i.createdAt)).toEqual([
      '2026-11-25T10:04:00.000Z',
      '2026-11-25T10:03:00.000Z',
    ]);
    expect(first.items[0]).toMatchObject({
      event: 'travel_times',
      request: { originCount: 5 },
      metrics: { azureRequests: 1, strategy: 'matrix' },
    });
    const second = await get<Page>(
      `/api/sessions/${id}/audit?event=travel_times&limit=2&cursor=${first.nextCursor}`,
    );
    const third = await get<Page>(
      `/api/sessions/${id}/audit?event=travel_times&limit=2&cursor=${second.nextCursor}`,
    );
    expect([...second.items, ...third.items].map((i) => i.createdAt)).toEqual([
      '2026-11-25T10:02:00.000Z',
      '2026-11-25T10:01:00.000Z',
      '2026-11-25T10:00:00.000Z',
    ]);
    expect(third.nextCursor).toBeNull();
    expect((await get<Page>(`/api/sessions/${id}/audit`)).items[0]!.event).toBe('search');
    const bad = await h.app.inject({
      method: 'GET',
      url: `/api/sessions/${id}/audit?cursor=nonsense`,
      headers: bearer(adminToken),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: 'Invalid cursor' });
  });
});

describe('POST /api/admin/clear-audit', () => {
  it('deletes nothing without the exact word, then deletes the ledger and says how much', async () => {
    const id = newSession();
    await h.bus.publish(TOPICS.usageRecorded, workerCall(id, 4), {
      occurredAt: '2026-11-25T08:10:00Z',
    });
    await h.bus.publish(TOPICS.usageRecorded, workerCall(id, 4), {
      occurredAt: '2026-11-25T09:10:00Z',
    });
    await h.bus.publish(TOPICS.usageRecorded, searchCall(id));
    const n: NotificationSentData = {
      deliveryId: randomUUID(),
      userId: 'u',
      sessionId: id,
      kind: 'test',
      channel: 'push',
      outcome: 'delivered',
      at: new Date().toISOString(),
    };
    await h.bus.publish(TOPICS.notificationSent, n, { id: n.deliveryId });
    await h.bus.publish(TOPICS.billingUsage, {
      userId: 'u',
      kind: 'payment',
      amountMinor: 499,
      currency: 'USD',
      plan: 'standard',
      previousPlan: 'free',
      at: new Date().toISOString(),
    });
    await eventually(
      async () =>
        (await summary(id)).totals.count === 3 &&
        (await get<{ totals: { totalNotifications: number } }>(`/api/admin/notifications/${id}`))
          .totals.totalNotifications === 1,
    );

    for (const payload of [
      {},
      { confirm: 'clear_audit' },
      { confirm: 'CLEAR_AUDIT ' },
      { confirm: true },
    ]) {
      const res = await h.app.inject({
        method: 'POST',
        url: '/api/admin/clear-audit',
        headers: bearer(adminToken),
        payload,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toEqual(expect.any(String));
    }
    expect((await summary(id)).totals.count).toBe(3);

    const res = await h.app.inject({
      method: 'POST',
      url: '/api/admin/clear-audit',
      headers: bearer(adminToken),
      payload: { confirm: 'CLEAR_AUDIT' },
    });
    expect(res.statusCode).toBe(200);
    const { deleted } = res.json() as { deleted: Record<string, number> };
    // Other tests' rows are in the same ledger: at least this test's.
    expect(deleted.matrixRequests).toBeGreaterThanOrEqual(2);
    expect(deleted.auditLog).toBeGreaterThanOrEqual(1);
    expect(deleted.matrixUsage).toBeGreaterThanOrEqual(2);
    expect(deleted.notificationUsage).toBeGreaterThanOrEqual(1);
    expect(deleted.billingUsage).toBeGreaterThanOrEqual(1);
    expect((await summary(id)).totals).toEqual({ count: 0, azureRequests: 0 });
    expect(
      (
        await h.app.inject({
          method: 'POST',
          url: '/api/admin/clear-audit',
          headers: bearer(adminToken),
          payload: { confirm: 'CLEAR_AUDIT' },
        })
      ).json(),
    ).toEqual({
      deleted: {
        auditLog: 0,
        matrixRequests: 0,
        matrixUsage: 0,
        billingUsage: 0,
        notificationUsage: 0,
      },
    });
  });
});
