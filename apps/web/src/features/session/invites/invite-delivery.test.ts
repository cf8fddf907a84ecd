import { describe, expect, it } from 'vitest';
import { inviteBeforeSaveNote, inviteDeliveryNote, invitesCreatedToast } from './invite-delivery';

describe('how an invite reaches someone', () => {
  it('says OneETA e-mails the link only when the install has a mail server', () => {
    expect(inviteDeliveryNote('smtp')).toBe(
      'OneETA e-mails each invitee their invite link. You can also copy it and send it yourself.',
    );
    expect(inviteDeliveryNote('outbox')).toBe(
      'This OneETA has no mail server, so invites are not e-mailed: copy each invite link and send it yourself.',
    );
    expect(inviteDeliveryNote(undefined)).toBe('Copy each invite link and send it yourself.');
    expect(inviteBeforeSaveNote('smtp')).toMatch(/e-mails their invites/);
    expect(inviteBeforeSaveNote('outbox')).toMatch(/copy each invite link/);
  });

  it('toasts "sent" for e-mailed invites and "send them the link" otherwise, singular and plural', () => {
    expect(invitesCreatedToast('smtp', 1)).toBe('Invite sent — OneETA e-mailed them the link');
    expect(invitesCreatedToast('smtp', 2)).toBe(
      'Invites sent — OneETA e-mailed each person their link',
    );
    expect(invitesCreatedToast('outbox', 1)).toBe('Invite created — send them the link');
    expect(invitesCreatedToast(undefined, 3)).toBe('Invites created — send each person their link');
  });
});
