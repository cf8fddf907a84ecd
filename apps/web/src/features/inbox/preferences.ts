/** The profile's notification settings (issue 15), pure: a draft of the preferences and its edits. */
import {
  NOTIFICATION_TOPICS,
  type NotificationPreferences,
  type NotificationTopic,
} from '@oneeta/contracts';

export type Channel = 'push' | 'inApp';
export const CHANNELS: readonly Channel[] = ['push', 'inApp'];

/** One switch changed; the rest as they were. */
export function withChoice(
  prefs: NotificationPreferences,
  topic: NotificationTopic,
  channel: Channel,
  on: boolean,
): NotificationPreferences {
  return { ...prefs, [topic]: { ...prefs[topic], [channel]: on } };
}

/** Whether two sets of preferences say the same thing (the draft is unsaved while they differ). */
export function samePreferences(a: NotificationPreferences, b: NotificationPreferences): boolean {
  return NOTIFICATION_TOPICS.every((t) => CHANNELS.every((c) => a[t][c] === b[t][c]));
}
