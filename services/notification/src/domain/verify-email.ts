import type { VerificationLink } from '@oneeta/contracts';
import type { EmailMessage } from './email-message.js';
import { safeName } from './email-safety.js';
import { escapeHtml } from './invite-email.js';

/** The e-mail verification message (auth's link): text and HTML from one template. */
export function verificationEmail({ email, name, link }: VerificationLink): EmailMessage {
  const greeting = `Hi ${safeName(name) ?? 'there'},`;
  const ask = `Open this link to confirm that ${email} is your address on OneETA:`;
  const fine = 'The link works for 24 hours. If you did not ask for it, ignore this e-mail.';
  return {
    to: email,
    subject: 'Verify your e-mail for OneETA',
    text: [greeting, ask, link, fine].join('\n\n'),
    html: [
      `<p>${escapeHtml(greeting)}</p>`,
      `<p>${escapeHtml(ask)}</p>`,
      `<p><a href="${escapeHtml(link)}">Verify my e-mail</a></p>`,
      `<p>${escapeHtml(fine)}</p>`,
    ].join('\n'),
  };
}
