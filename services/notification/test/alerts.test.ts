import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  TOPICS,
  type EventEnvelope,
  type SessionAlertData,
  type SessionNudge,
} from '@oneeta/contracts';
import { createSessionSubscriber } from '@oneeta/service-kit';
import { zonedParts, zonedToUtc } from '@oneeta/travel';
import { eventually, publishUnchecked, testRedisUrl } from '@oneeta/service-kit/testing';
import { createAlertHandler } from '../src/consumers/alerts.js';
import {
  inbox,
  mute,
  newSessionId,
  preferencesWith,
  putPreferences,
  subscribe,
} from './factories.js';
import { startNotification, type NotificationHarness } from './helpers.js';
import { startPushStandIn } from './push-stand-in.js';

/**
 * session.alert end to end: the event on the real bus, the in-app rows through the HTTP inbox and
 * the pushes through the push stand-in, per recipient and as their preferences and mutes allow.
 */
let pushService: Awaited<ReturnType<typeof startPushStandIn>>;
let h: NotificationHarness;

beforeAll(async () => {
  pushService = await startPushStandIn();
  h = await startNotification({ PUSH_ALLOW_PRIVATE_ENDPOINTS: 'true' }, { ca: pushService.ca });
});
afterAll(async () => {
  await h.close();
  await pushService.close();
});

/** A signed-in user with one registered device. */
async function recipient() {
  const user = await h.user();
  const device = pushService.device();
  expect((await subscribe(h, user.token, device.subscription)).statusCode).toBe(201);
  return { ...user, device };
}

/**
 * An instant at `hhmm` on today's date in Los Angeles: a text names the date only when it is not
 * the service's today in the destination's zone, so fixed dates broke these tests the next day.
 */
const LA = 'America/Los_Angeles';
const at = (hhmm: string) => zonedToUtc(zonedParts(new Date(), LA).date, hhmm, LA).toISOString();

const base = (sessionId: string) => ({
  sessionId,
  destinationName: 'Pike Place Market',
  tzId: LA,
  arriveAt: at('10:00'),
});

/** Resolves once every outbox row went out and the notify queue sent every push it holds. */
async function settled() {
  await h.drained();
  await eventually(async () => {
    const counts = await h.notifyQueue.getJobCounts('waiting', 'active', 'delayed', 'prioritized');
    return Object.values(counts).every((n) => n === 0) ? true : null;
  });
}

async function unreadTexts(token: string, count: number) {
  return eventually(async () => {
    const rows = await inbox(h, token);
    return rows.length === count ? rows : null;
  });
}

describe('session.alert', () => {
  it('tells each recipient of a re-plan their own leave-by time, in the app and by push, and records both deliveries', async () => {
    const [ann, bo] = [await recipient(), await recipient()];
    const sessionId = newSessionId();
    const nudges: SessionNudge[] = [];
    const pages = createSessionSubscriber(
      testRedisUrl(),
      h.prefix,
      (id, nudge) => id === sessionId && nudges.push(nudge),
    );
    await pages.subscribe(sessionId);
    const alert: SessionAlertData = {
      ...base(sessionId),
      kind: 'replanned',
      arriveAt: at('10:15'),
      recipients: [ann.id, bo.id],
      leaveBy: [
        { userId: ann.id, leaveBy: at('09:40') },
        { userId: bo.id, leaveBy: null },
      ],
    };
    await h.bus.publish(TOPICS.sessionAlert, alert);

    const [annRow] = await unreadTexts(ann.token, 1);
    expect(annRow).toEqual({
      id: expect.any(String),
      kind: 'replanned',
      sessionId,
      text: 'New arrival 10:15 AM Los Angeles time: leave by 9:40 AM Los Angeles time',
      url: `/s/${sessionId}`,
      suggestedArriveAt: null,
      createdAt: expect.any(String),
    });
    expect((await unreadTexts(bo.token, 1))[0]!.text).toBe('New arrival 10:15 AM Los Angeles time');
    // The session's open pages were nudged to refetch their inbox (the nudge names nobody).
    await expect.poll(() => nudges).toContainEqual({ type: 'inbox', sessionId });
    await pages.close();

    await eventually(
      () =>
        ann.device.delivered().length === 1 && bo.device.delivered().length === 1 ? true : null,
      { timeoutMs: 20_000 },
    );
    expect(ann.device.delivered()).toEqual([
      {
        title: 'OneETA',
        body: annRow!.text,
        url: `/s/${sessionId}`,
        tag: `oneeta:session-alert:${sessionId}`,
      },
    ]);
    expect(ann.device.requests[0]).toMatchObject({ urgency: 'high' });

    const sent = await eventually(async () => {
      const events = (await h.sentEvents()).filter((e) => e.data.sessionId === sessionId);
      return events.length === 4 ? events.map((e) => e.data) : null;
    });
    for (const userId of [ann.id, bo.id]) {
      for (const channel of ['in_app', 'push'] as const) {
        expect(sent).toContainEqual(
          expect.objectContaining({ userId, kind: 'session-alert', channel, outcome: 'delivered' }),
        );
      }
    }
  });

  it('words late, re-plan offers, arrivals and no-shows as the issue says; the offer carries its time', async () => {
    const owner = await recipient();
    const sessionId = newSessionId();
    const alerts: SessionAlertData[] = [
      {
        ...base(sessionId),
        kind: 'late',
        recipients: [owner.id],
        participantId: 'user:x',
        name: 'Ann',
        minutesLate: 7,
        eta: at('10:07'),
      },
      {
        ...base(sessionId),
        kind: 'replan-offer',
        recipients: [owner.id],
        suggestedArriveAt: at('10:12'),
        participantIds: ['user:x'],
        names: ['Ann'],
        canReplan: true,
      },
      {
        ...base(sessionId),
        kind: 'arrived',
        recipients: [owner.id],
        participantId: 'user:y',
        name: 'Bo',
        arrivedAt: at('09:58'),
      },
      {
        ...base(sessionId),
        kind: 'no-show',
        recipients: [owner.id],
        names: ['Ann', 'Cy'],
        participantIds: ['user:ann', 'user:cy'],
      },
    ];
    for (const alert of alerts) await h.bus.publish(TOPICS.sessionAlert, alert);
    const rows = await unreadTexts(owner.token, 4);
    expect(rows.map((r) => [r.kind, r.text, r.suggestedArriveAt])).toEqual([
      ['late', 'Ann is running 7 min late', null],
      ['replan-offer', 'Move arrival to 10:12 AM Los Angeles time?', at('10:12')],
      ['arrived', 'Bo arrived', null],
      ['no-show', 'Not arrived yet: Ann, Cy', null],
    ]);
    await eventually(() => (owner.device.delivered().length === 4 ? true : null), {
      timeoutMs: 20_000,
    });
  });

  it("honours each recipient's switches per channel and their mute of the session", async () => {
    const [noLatePush, noArrivedInApp, muted, everything] = [
      await recipient(),
      await recipient(),
      await recipient(),
      await recipient(),
    ];
    const sessionId = newSessionId();
    expect(
      (
        await putPreferences(
          h,
          noLatePush.token,
          preferencesWith('late', { push: false, inApp: true }),
        )
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await putPreferences(
          h,
          noArrivedInApp.token,
          preferencesWith('arrived', { push: true, inApp: false }),
        )
      ).statusCode,
    ).toBe(200);
    expect((await mute(h, muted.token, sessionId)).statusCode).toBe(200);
    const recipients = [noLatePush.id, noArrivedInApp.id, muted.id, everything.id];
    await h.bus.publish(TOPICS.sessionAlert, {
      ...base(sessionId),
      kind: 'late',
      recipients,
      participantId: 'user:x',
      name: 'Ann',
      minutesLate: 6,
      eta: at('10:06'),
    } satisfies SessionAlertData);
    await h.bus.publish(TOPICS.sessionAlert, {
      ...base(sessionId),
      kind: 'arrived',
      recipients,
      participantId: 'user:y',
      name: 'Bo',
      arrivedAt: at('09:59'),
    } satisfies SessionAlertData);

    await unreadTexts(everything.token, 2);
    await eventually(() => (everything.device.delivered().length === 2 ? true : null), {
      timeoutMs: 20_000,
    });
    await settled();
    expect((await inbox(h, noLatePush.token)).map((r) => r.kind)).toEqual(['late', 'arrived']);
    expect(noLatePush.device.delivered()).toEqual([
      expect.objectContaining({ body: 'Bo arrived' }),
    ]);
    expect((await inbox(h, noArrivedInApp.token)).map((r) => r.kind)).toEqual(['late']);
    expect(
      noArrivedInApp.device
        .delivered()
        .map((p) => (p as { body: string }).body)
        .sort(),
    ).toEqual(['Ann is running 6 min late', 'Bo arrived']);
    expect(await inbox(h, muted.token)).toEqual([]);
    expect(muted.device.delivered()).toEqual([]);
  });

  it('delivers once per event and recipient, when the event is redelivered and when two workers handle it at once', async () => {
    const ann = await recipient();
    const sessionId = newSessionId();
    const alert: SessionAlertData = {
      ...base(sessionId),
      kind: 'arrived',
      recipients: [ann.id, ann.id],
      participantId: 'user:y',
      name: 'Bo',
      arrivedAt: at('09:59'),
    };
    const envelope = await h.bus.publish(TOPICS.sessionAlert, alert);
    await unreadTexts(ann.token, 1);
    // The same event again on the bus, and straight into two handlers as two replicas would run it.
    await h.bus.publish(TOPICS.sessionAlert, alert, { id: envelope.id });
    const handle = createAlertHandler({
      accounts: h.accounts,
      db: h.database.db,
      outbox: h.delivery.outbox,
      log: h.app.log,
    });
    const results = await Promise.all([
      handle(envelope as EventEnvelope<SessionAlertData>),
      handle(envelope as EventEnvelope<SessionAlertData>),
    ]);
    expect(results.flat()).toEqual([
      { userId: ann.id, outcome: 'duplicate' },
      { userId: ann.id, outcome: 'duplicate' },
    ]);
    await settled();
    expect(await inbox(h, ann.token)).toHaveLength(1);
    expect(ann.device.delivered()).toHaveLength(1);
    const sent = (await h.sentEvents()).filter((e) => e.data.sessionId === sessionId);
    expect(sent.map((e) => e.data.channel).sort()).toEqual(['in_app', 'push']);
  });

  it('ignores an alert with a bad payload and keeps consuming', async () => {
    const ann = await recipient();
    const sessionId = newSessionId();
    await publishUnchecked(h.bus, TOPICS.sessionAlert, {
      ...base(sessionId),
      kind: 'late',
      recipients: [ann.id],
    });
    await h.bus.publish(TOPICS.sessionAlert, {
      ...base(sessionId),
      kind: 'no-show',
      recipients: [ann.id],
      names: ['Cy'],
      participantIds: ['user:cy'],
    } satisfies SessionAlertData);
    expect((await unreadTexts(ann.token, 1))[0]!.text).toBe('Not arrived yet: Cy');
  });
});
