import type { LoginAlertData, VerificationLink } from '@oneeta/contracts';
import type { EmailMessage } from './email-message.js';
import { escapeHtml } from './invite-email.js';

const greetingOf = (name: string) => `Hi ${name.trim() || 'there'},`;

/** The password-reset message (auth's single-use link): text and HTML from one template. */
export function passwordResetEmail({ email, name, link }: VerificationLink): EmailMessage {
  const greeting = greetingOf(name);
  const ask = `Someone asked to choose a new password for ${email} on OneETA. Open this link to choose it:`;
  const fine =
    'The link works once, for 30 minutes. If you did not ask for it, ignore this e-mail: your password stays as it is.';
  return {
    to: email,
    subject: 'Choose a new password for OneETA',
    text: [greeting, ask, link, fine].join('\n\n'),
    html: [
      `<p>${escapeHtml(greeting)}</p>`,
      `<p>${escapeHtml(ask)}</p>`,
      `<p><a href="${escapeHtml(link)}">Choose a new password</a></p>`,
      `<p>${escapeHtml(fine)}</p>`,
    ].join('\n'),
  };
}

/** The warning of many failed sign-ins: it names no address or place, only the count, and what to do. */
export function loginAlertEmail(
  data: Pick<LoginAlertData, 'email' | 'failures'>,
  publicUrl: string,
): EmailMessage {
  const greeting = greetingOf('');
  const seen = `In the last hour there were ${data.failures} failed attempts to sign in to your OneETA account (${data.email}).`;
  const mine =
    'If that was you, nothing needs doing. If not, your password kept them out; to be safe, choose a new one and sign out everywhere:';
  const link = `${publicUrl.replace(/\/+$/, '')}/auth`;
  return {
    to: data.email,
    subject: 'Failed sign-ins to your OneETA account',
    text: [greeting, seen, mine, link].join('\n\n'),
    html: [
      `<p>${escapeHtml(greeting)}</p>`,
      `<p>${escapeHtml(seen)}</p>`,
      `<p>${escapeHtml(mine)}</p>`,
      `<p><a href="${escapeHtml(link)}">Open OneETA</a></p>`,
    ].join('\n'),
  };
}
