/**
 * BullMQ queue names. Renaming a queue strands jobs in flight: add a new one and drain the old.
 * Each job name maps to { schema, attempts, backoff } once its payload is settled (issue 4).
 */
export const QUEUES = {
  routeMatrix: 'route-matrix',
} as const;
export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];
