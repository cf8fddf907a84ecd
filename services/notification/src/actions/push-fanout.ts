import { randomUUID } from 'node:crypto';
import { JOBS, QUEUES, type NotifyPushJob } from '@oneeta/contracts';
import type { Database, Outbox } from '@oneeta/service-kit';
import { createSubscriptionsStore } from '../store/subscriptions-store.js';

/**
 * One `notify` push job per registered device of the user, written in the caller's transaction
 * with the read that found the devices (the outbox relay enqueues them after the commit), so a
 * device that is gone never holds up the others. Answers how many devices.
 */
export async function queuePushToUser(
  tx: Database,
  outbox: Outbox,
  push: Omit<NotifyPushJob, 'subscriptionId' | 'channel'>,
): Promise<number> {
  const job = JOBS[QUEUES.notify];
  const devices = await createSubscriptionsStore(tx).listByUser(push.userId);
  const batch = randomUUID();
  await outbox.add(
    tx,
    devices.map((device) => {
      const data: NotifyPushJob = { ...push, subscriptionId: device.id };
      return {
        aggregate: `push:${batch}:${device.id}`,
        kind: 'job' as const,
        queue: job.queue,
        name: job.name,
        data,
      };
    }),
  );
  return devices.length;
}
