import type { NotificationChannels } from '@oneeta/contracts';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { notificationChannelsQuery } from '../../../api/push';
import { SESSION_UI } from '../texts';

/** 'smtp': invites are e-mailed; 'outbox': they are not (no mail server); undefined: not known (yet). */
export type EmailMode = NotificationChannels['email'] | undefined;

/** How this install sends e-mail, from the notification service. */
export function useEmailMode(): EmailMode {
  return useQuery(notificationChannelsQuery()).data?.email;
}

/**
 * The same, asked when it is needed (the toast after the draft invitees were sent): the session
 * page's first screen does not wait for it. Undefined when the call fails.
 */
export async function emailModeNow(queryClient: QueryClient): Promise<EmailMode> {
  try {
    return (await queryClient.fetchQuery(notificationChannelsQuery())).email;
  } catch {
    return undefined;
  }
}

/** The line above the invite list: how an invite reaches the person. */
export function inviteDeliveryNote(mode: EmailMode): string {
  if (mode === 'smtp') return SESSION_UI.invitesByEmail;
  if (mode === 'outbox') return SESSION_UI.noMailServer;
  return SESSION_UI.shareInviteLinks;
}

/** Before the first save, with no one listed yet. */
export const inviteBeforeSaveNote = (mode: EmailMode) =>
  mode === 'smtp' ? SESSION_UI.inviteBeforeSaveEmail : SESSION_UI.inviteBeforeSaveLinks;

/** What the server answered about an invite's e-mail (POST …/invites). */
export interface InviteDelivery {
  emailSent: boolean;
  emailNotice?: string | undefined;
}

/**
 * What the owner is shown once invites were created: null when every invite was e-mailed, else
 * why one was not (the server's notice, or a default) so they share its link instead.
 */
export function inviteEmailNotice(answers: readonly InviteDelivery[]): string | null {
  const notices = answers
    .filter((answer) => !answer.emailSent)
    .map((answer) => answer.emailNotice || SESSION_UI.inviteNotEmailed);
  return notices.length > 0 ? [...new Set(notices)].join(' ') : null;
}

/** The toast after `count` invites were created. */
export function invitesCreatedToast(mode: EmailMode, count: number): string {
  if (mode === 'smtp') return count > 1 ? SESSION_UI.invitesEmailed : SESSION_UI.inviteEmailed;
  return count > 1 ? SESSION_UI.invitesCreated : SESSION_UI.inviteCreated;
}
