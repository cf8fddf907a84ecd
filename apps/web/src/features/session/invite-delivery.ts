import type { NotificationChannels } from '@oneeta/contracts';
import { useQuery } from '@tanstack/react-query';
import { notificationChannelsQuery } from '../../api/push';
import { SESSION_UI } from './texts';

/** 'smtp': invites are e-mailed; 'outbox': they are not (no mail server); undefined: not known (yet). */
export type EmailMode = NotificationChannels['email'] | undefined;

/** How this install sends e-mail, from the notification service. */
export function useEmailMode(): EmailMode {
  return useQuery(notificationChannelsQuery()).data?.email;
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

/** The toast after `count` invites were created. */
export function invitesCreatedToast(mode: EmailMode, count: number): string {
  if (mode === 'smtp') return count > 1 ? SESSION_UI.invitesEmailed : SESSION_UI.inviteEmailed;
  return count > 1 ? SESSION_UI.invitesCreated : SESSION_UI.inviteCreated;
}
