import { COMMUNICATION_MESSAGES, PLAN_TABLE, type Plan } from '@oneeta/contracts';

/** The window of the plan's chat message limit. */
export const CHAT_LIMIT_WINDOW_MS = 3600_000;

/** How many messages a plan may send per hour (null: no limit). */
export const hourlyChatLimit = (plan: Plan): number | null => PLAN_TABLE[plan].chatMessagesPerHour;

/** '40 s' under a minute, else whole minutes rounded up ('12 min'). */
export function formatWait(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  return seconds < 60 ? `${seconds} s` : `${Math.ceil(seconds / 60)} min`;
}

/** The refusal's sentence: the limit and when the next message is allowed. */
export const hourlyLimitMessage = (limit: number, waitMs: number): string =>
  COMMUNICATION_MESSAGES.hourlyLimit
    .replace('{limit}', String(limit))
    .replace('{wait}', formatWait(waitMs));
