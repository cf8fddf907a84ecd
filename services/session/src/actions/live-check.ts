import { TOPICS, type Plan } from '@oneeta/contracts';
import type { AccountLookup, Database, Outbox } from '@oneeta/service-kit';
import { planLive } from '../domain/live.js';
import { scheduleOf } from '../domain/schedule.js';
import { sessionAggregate } from '../domain/session-changes.js';
import { createLiveStore } from '../store/live-store.js';

export interface LiveCheckOptions {
  outbox: Outbox;
  /** ARRIVAL_DWELL_SECONDS in ms: how long a device stays near the destination before it counts as arrived. */
  dwellMs: number;
  /**
   * The account directory: an offer to the owner says what their plan allows now (an upgrade since
   * the last save counts). Without it, or when it cannot answer, the plan stored with the session.
   */
  accounts?: AccountLookup;
}

/** The owner's plan now (the account directory), else the one stored with the session. */
async function ownerPlanNow(
  session: { creatorUserId: string; ownerPlan: Plan },
  accounts: AccountLookup | undefined,
): Promise<Plan> {
  if (!accounts) return session.ownerPlan;
  try {
    return (await accounts(session.creatorUserId))?.plan ?? session.ownerPlan;
  } catch {
    return session.ownerPlan;
  }
}

/**
 * Looks at one session now, in the caller's transaction, under the session's row lock (so two
 * checks at once never both alert): applies the arrival, lateness, no-show and end-of-sharing
 * state planLive decides and writes each alert to the outbox as `session.alert` with that state
 * (and `session.schedule` when someone's lateness changed).
 * Returns whether anything the session view shows changed (the caller then refreshes it) and how
 * many alerts were written.
 */
export async function checkLive(
  tx: Database,
  sessionId: string,
  now: Date,
  opts: LiveCheckOptions,
): Promise<{ visible: boolean; alerts: number }> {
  const store = createLiveStore(tx);
  const session = await store.lockSession(sessionId);
  if (!session) return { visible: false, alerts: 0 };
  const people = await store.participants(sessionId);
  const plan = planLive(
    { ...session, ownerPlan: await ownerPlanNow(session, opts.accounts) },
    people,
    now,
    opts.dwellMs,
  );
  for (const [id, fields] of plan.participants)
    await store.updateParticipant(sessionId, id, fields);
  if (Object.keys(plan.session).length > 0) {
    await store.updateSession(sessionId, {
      ...plan.session,
      ...(plan.visible ? { updatedAt: now } : {}),
    });
  }
  const aggregate = sessionAggregate(sessionId);
  await opts.outbox.add(
    tx,
    plan.alerts.map((data) => ({
      aggregate,
      kind: 'event' as const,
      topic: TOPICS.sessionAlert,
      data,
    })),
  );
  // Someone's lateness changed but nothing the view shows did (then the caller's refresh publishes
  // the schedule): the schedule says so after the alerts, so the notification service ends a late
  // alert once its slip is over and knows the alerts it just got still hold.
  if (plan.schedule && !plan.visible) {
    const after = await store.participants(sessionId);
    const current = await store.session(sessionId);
    if (current)
      await opts.outbox.add(tx, {
        aggregate,
        kind: 'event',
        topic: TOPICS.sessionSchedule,
        data: scheduleOf({ session: current, participants: after }),
      });
  }
  return { visible: plan.visible, alerts: plan.alerts.length };
}
