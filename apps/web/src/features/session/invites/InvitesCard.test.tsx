import { SESSION_MESSAGES } from '@oneeta/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { session } from '../../../test-fixtures';
import { ToastProvider } from '../../toast';
import { SESSION_UI } from '../texts';
import { inviteEmailNotice } from './invite-delivery';
import { InvitesCard } from './InvitesCard';
import type { DraftInvitees } from './use-draft-invitees';

/** The owner's invites card as the server renders it, with what the last invite's answer said. */
function renderCard(emailNotice: string | null): string {
  const drafts: DraftInvitees = {
    list: [],
    add: () => null,
    remove: () => {},
    sendAll: async () => {},
    sending: false,
    emailNotice,
    reportDelivery: () => {},
  };
  return renderToStaticMarkup(
    <QueryClientProvider client={new QueryClient()}>
      <ToastProvider>
        <InvitesCard session={session()} limits={null} drafts={drafts} />
      </ToastProvider>
    </QueryClientProvider>,
  );
}

const escaped = (text: string) => text.replace(/'/g, '&#x27;');

describe('the invites card after an invite was created', () => {
  it('shows why the invite was not e-mailed, as a status, so the owner shares the link', () => {
    const html = renderCard(SESSION_MESSAGES.inviteEmailUnverified);
    expect(html).toContain(
      `<p class="notice notice-info" role="status">${escaped(SESSION_MESSAGES.inviteEmailUnverified)}</p>`,
    );
    expect(html).toContain(SESSION_UI.sendInvite);
  });

  it('shows no such notice when the e-mail went out', () => {
    const html = renderCard(null);
    expect(html).not.toContain('notice-info');
    expect(html).toContain(SESSION_UI.invitesTitle);
  });
});

describe('inviteEmailNotice', () => {
  it('is null when every invite was e-mailed', () => {
    expect(inviteEmailNotice([{ emailSent: true }, { emailSent: true }])).toBeNull();
    expect(inviteEmailNotice([])).toBeNull();
  });

  it("is the server's notice, or a default when it gave none", () => {
    const limit = SESSION_MESSAGES.inviteEmailSenderLimit;
    expect(inviteEmailNotice([{ emailSent: false, emailNotice: limit }])).toBe(limit);
    expect(inviteEmailNotice([{ emailSent: false }])).toBe(SESSION_UI.inviteNotEmailed);
    expect(SESSION_UI.inviteNotEmailed).toMatch(/copy the invite link/);
  });

  it('names each reason once when several invites were not e-mailed', () => {
    const limit = SESSION_MESSAGES.inviteEmailSenderLimit;
    const answers = [
      { emailSent: false, emailNotice: limit },
      { emailSent: true },
      { emailSent: false, emailNotice: limit },
    ];
    expect(inviteEmailNotice(answers)).toBe(limit);
  });
});
