import type { InternalInvite } from '@oneeta/contracts';
import { canonicalZone, zoneLabel } from '@oneeta/travel';
import type { EmailMessage } from './email-message.js';
import { safeName } from './email-safety.js';

/** `/session/{id}/invite/{code}` on the public origin (doc 1 §5 invite acceptance). */
export const inviteLink = (publicUrl: string, sessionId: string, code: string) =>
  `${publicUrl}/session/${encodeURIComponent(sessionId)}/invite/${encodeURIComponent(code)}`;

/**
 * The arrival time as the destination's clock shows it, labelled with its zone the way the app
 * labels it ("Tuesday, December 1, 2026 at 7:30 PM Vienna time"); UTC for a missing or unknown zone.
 */
export function arrivalInZone(arriveAt: string, tzId: string | null): string {
  const zone = canonicalZone(tzId) ?? 'UTC';
  const time = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  }).format(new Date(arriveAt));
  return `${time} ${zone === 'UTC' ? 'UTC' : zoneLabel(zone)}`;
}

export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The invite e-mail: text and HTML from one template. Every name in it (inviter, invitee,
 * destination) is at most 50 characters and never a link or an address (safeName).
 */
export function inviteEmail(invite: InternalInvite, publicUrl: string): EmailMessage {
  const link = inviteLink(publicUrl, invite.sessionId, invite.code);
  const inviter = safeName(invite.inviterName) ?? 'Someone';
  const invitee = safeName(invite.name) ?? 'there';
  const place = safeName(invite.destinationName);
  const address = safeName(invite.destinationAddress, 120);
  const where = place ? `${place}${address ? `, ${address}` : ''}` : null;
  const when = invite.arriveAt ? arrivalInZone(invite.arriveAt, invite.tzId) : null;
  const lines = [
    `Hi ${invitee},`,
    '',
    `${inviter} invited you to arrive together with OneETA.`,
    ...(where ? [`Destination: ${where}`] : []),
    ...(when ? [`Arrival: ${when}`] : []),
    '',
    `Open the invite: ${link}`,
    '',
    'If you did not expect this invite, you can ignore this e-mail.',
  ];
  const html = [
    `<p>Hi ${escapeHtml(invitee)},</p>`,
    `<p>${escapeHtml(inviter)} invited you to arrive together with OneETA.</p>`,
    ...(where || when
      ? [
          `<ul>${where ? `<li>Destination: ${escapeHtml(where)}</li>` : ''}${when ? `<li>Arrival: ${escapeHtml(when)}</li>` : ''}</ul>`,
        ]
      : []),
    `<p><a href="${escapeHtml(link)}">Open the invite</a></p>`,
    '<p>If you did not expect this invite, you can ignore this e-mail.</p>',
  ].join('\n');
  return {
    to: invite.email,
    subject: `${inviter} invited you on OneETA`,
    text: lines.join('\n'),
    html,
  };
}
