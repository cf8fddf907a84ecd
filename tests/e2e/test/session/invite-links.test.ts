// Issue 12, item 7 and part of 9 (issue 14: the e-mail): a stack without a mail server keeps the
// invite e-mail in its outbox, so the owner copies (or shares) each invite link; a signed-in invitee finds their pending invites on /sessions; an id that cannot be a
// session is 'Session not found'; a removed participant's open tab says so; a free user who only
// joined a session is told the real reason they cannot create one.
import {
  createSession,
  emailsTo,
  ok,
  registerUser,
  sessionId,
  uniqueEmail,
  verifyEmail,
} from '../../src/api.js';
import { DESKTOP, describe, expect, MOBILE } from '../../src/browser.js';
import {
  acceptByApi,
  inviteByApi,
  PLACES,
  sessionTest as test,
  type Person,
} from '../../src/session.js';
import { expectToast, openSession, toasts } from '../../src/session-page.js';
import { openApp } from '../../src/app.js';
import { vi } from 'vitest';

/** The owner's invites card. */
const invitesCard = (person: Person) =>
  person.page.getByRole('region', { name: 'Invites', exact: true });

describe('invite links', () => {
  test("'Copy invite link' puts a working link on the clipboard at 390 and 1280 px; the invitee opens it and reaches the invite page; 'Send invite' is disabled at 3 of 3 with the reason", async ({
    stack,
    person,
    screens,
  }) => {
    const owner = await person({ name: 'Olivia Owner', at: PLACES.seattle, plan: 'free' });
    await owner.context.grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: stack.base,
    });
    // Only an account with a verified e-mail has invites e-mailed.
    await verifyEmail(stack, owner.user!.email);
    const session = await createSession(stack, owner.user!.token, { name: 'Pike Place Market' });
    const id = session.sessionId;
    const ivy = await person({ name: 'Ivy Invitee', at: PLACES.redmond, plan: 'free' });
    const invite = await inviteByApi(stack, owner.user!.token, id, ivy.user!);

    await openSession(owner.page, id);
    const card = invitesCard(owner);
    const row = card.getByRole('listitem').filter({ hasText: ivy.name });
    await row.waitFor();
    // The card says what actually happens: this stack has no mail server (the embedded outbox keeps
    // the e-mail), so the link is to be sent by the owner.
    await card
      .getByText(
        'This OneETA has no mail server, so invites are not e-mailed: copy each invite link and send it yourself.',
        { exact: true },
      )
      .waitFor();
    // The name limit is known before submitting.
    await card.getByText('Up to 80 characters · 80 left', { exact: true }).waitFor();
    expect(
      await card.getByLabel('Name (optional)', { exact: true }).getAttribute('maxlength'),
    ).toBe('80');

    const expected = `${stack.base}/session/${id}/invite/${invite.code}`;
    // The invite e-mail went through the notify queue into the outbox, with the same link.
    const mail = await vi.waitFor(async () => {
      const invited = (await emailsTo(stack, ivy.user!.email)).find((m) =>
        m.subject.includes('invited you'),
      );
      if (!invited) throw new Error('no invite e-mail yet');
      return invited;
    });
    expect(mail.subject).toBe(`${owner.name} invited you on OneETA`);
    expect(mail.text).toContain(`/session/${id}/invite/${invite.code}`);
    for (const viewport of [MOBILE, DESKTOP]) {
      await owner.page.setViewportSize(viewport);
      await owner.page.evaluate(() => navigator.clipboard.writeText(''));
      await row.getByRole('button', { name: 'Copy invite link', exact: true }).click();
      // One toast per press (the first one may still be showing).
      await toasts(owner.page).getByText('Invite link copied', { exact: true }).last().waitFor();
      await expect
        .poll(() => owner.page.evaluate(() => navigator.clipboard.readText()))
        .toBe(expected);
    }
    // Headless Chromium on Linux has no navigator.share: no share button is offered there.
    const hasShare = await owner.page.evaluate(() => typeof navigator.share === 'function');
    expect(await row.getByRole('button', { name: 'Share invite link', exact: true }).count()).toBe(
      hasShare ? 1 : 0,
    );
    await screens.capture('owner-invites-card', { page: owner.page });

    // The invitee opens the copied link in their own browser and reaches the invite page.
    const copied = await owner.page.evaluate(() => navigator.clipboard.readText());
    await openApp(ivy.page, new URL(copied).pathname);
    await ivy.page.getByRole('button', { name: 'Accept', exact: true }).waitFor();
    expect(new URL(ivy.page.url()).pathname).toBe(`/session/${id}/invite/${invite.code}`);
    await screens.capture('invitee-opened-copied-link', { page: ivy.page });

    // Creating an invite says what happened, then at 3 of 3 'Send invite' is disabled with the reason.
    await card.getByLabel('Email', { exact: true }).fill(uniqueEmail('second'));
    await card.getByRole('button', { name: 'Send invite', exact: true }).click();
    await expectToast(owner.page, 'Invite created — send them the link');
    await card.getByText('2 of 3 invites used', { exact: true }).waitFor();
    await card.getByLabel('Email', { exact: true }).fill(uniqueEmail('third'));
    await card.getByRole('button', { name: 'Send invite', exact: true }).click();
    await card.getByText('3 of 3 invites used', { exact: true }).waitFor();
    const send = card.getByRole('button', { name: 'Send invite', exact: true });
    await expect.poll(() => send.isDisabled()).toBe(true);
    const reason =
      'Invite limit reached: 3 of 3 invites used (accepted plus pending). Cancel a pending invite to invite someone else.';
    await card.getByText(reason, { exact: true }).waitFor();
    expect(await send.getAttribute('aria-describedby')).toBeTruthy();
    await screens.capture('invites-at-limit', { page: owner.page });
  });

  test("where the browser has navigator.share, 'Share invite link' hands the invite link to the share sheet", async ({
    stack,
    person,
  }) => {
    const owner = await person({ name: 'Sharon Owner', at: PLACES.seattle, plan: 'premium' });
    // Stand-in for a phone browser's share sheet: records what the page asks it to share.
    await owner.context.addInitScript(() => {
      const shared: ShareData[] = [];
      Object.assign(window, { __shared: shared });
      Object.defineProperty(navigator, 'share', {
        configurable: true,
        value: (data: ShareData) => {
          shared.push(data);
          return Promise.resolve();
        },
      });
    });
    const session = await createSession(stack, owner.user!.token, { name: 'Space Needle' });
    const guest = await registerUser(stack, { tag: 'share-guest', name: 'Gil Guest' });
    const invite = await inviteByApi(stack, owner.user!.token, session.sessionId, guest);
    await openSession(owner.page, session.sessionId);
    const row = invitesCard(owner).getByRole('listitem').filter({ hasText: 'Gil Guest' });
    await row.getByRole('button', { name: 'Share invite link', exact: true }).click();
    await expect
      .poll(() =>
        owner.page.evaluate(() => (window as unknown as { __shared: ShareData[] }).__shared),
      )
      .toEqual([
        {
          title: 'OneETA invite',
          text: 'Join me at Space Needle on OneETA',
          url: `${stack.base}/session/${session.sessionId}/invite/${invite.code}`,
        },
      ]);
  });

  test("a signed-in invitee with a verified e-mail sees the pending invite on /sessions; 'Open invite' opens the invite page", async ({
    stack,
    person,
    screens,
  }) => {
    const owner = await registerUser(stack, { tag: 'links-owner', name: 'Iris Owner' });
    const session = await createSession(stack, owner.token, { name: 'Space Needle' });
    const ivy = await person({ name: 'Ivy Invitee', at: PLACES.redmond, plan: 'free' });
    await verifyEmail(stack, ivy.user!.email);
    const invite = await inviteByApi(stack, owner.token, session.sessionId, ivy.user!);

    await openApp(ivy.page, '/sessions');
    const mine = ivy.page.getByRole('region', { name: 'Your invites', exact: true });
    const item = mine.getByRole('listitem').filter({ hasText: 'Space Needle' });
    await item.getByText('From Iris Owner', { exact: true }).waitFor();
    await screens.capture('sessions-with-pending-invite', { page: ivy.page });
    await item.getByRole('link', { name: 'Open invite: Space Needle', exact: true }).click();
    await ivy.page.waitForURL(
      (url) => url.pathname === `/session/${session.sessionId}/invite/${invite.code}`,
    );
    await ivy.page.getByRole('button', { name: 'Accept', exact: true }).waitFor();
  });

  test('an unverified account is told why no invite shows on /sessions', async ({
    stack,
    person,
  }) => {
    const owner = await registerUser(stack, { tag: 'links-owner2', name: 'Uma Owner' });
    const session = await createSession(stack, owner.token);
    const una = await person({ name: 'Una Unverified', at: PLACES.renton, plan: 'free' });
    await inviteByApi(stack, owner.token, session.sessionId, una.user!);
    await openApp(una.page, '/sessions');
    const mine = una.page.getByRole('region', { name: 'Your invites', exact: true });
    await mine
      .getByText('Invites sent to your e-mail show here once you verify it.', { exact: false })
      .waitFor();
    expect(await mine.getByRole('link', { name: /Open invite/ }).count()).toBe(0);
  });
});

describe('session page states of issue 12', () => {
  test("an id that cannot be a session ('W7FBRCS') shows 'Session not found'; a valid unknown id stays a new session", async ({
    person,
    screens,
  }) => {
    const sam = await person({ name: 'Sam Signed', at: PLACES.bellevue });
    await openSession(sam.page, 'W7FBRCS');
    await sam.page.getByRole('heading', { name: 'Session not found', exact: true }).waitFor();
    const back = sam.page.getByRole('main').getByRole('link', { name: 'Back to sessions' });
    expect(await back.getAttribute('href')).toBe('/sessions');
    // Nothing editable is offered.
    expect(await sam.page.getByRole('button', { name: 'Save', exact: false }).count()).toBe(0);
    await screens.capture('session-not-found', { page: sam.page });

    await openSession(sam.page, sessionId());
    await sam.page.getByRole('heading', { name: 'New session', exact: true }).waitFor();
  });

  test("a removed participant's open tab says 'You were removed from this session'", async ({
    stack,
    person,
    screens,
  }) => {
    const owner = await registerUser(stack, {
      tag: 'remover',
      name: 'Rita Owner',
      plan: 'premium',
    });
    const session = await createSession(stack, owner.token);
    const id = session.sessionId;
    const ada = await person({ name: 'Ada Removed', at: PLACES.bellevue });
    const invite = await inviteByApi(stack, owner.token, id, ada.user!);
    const participant = await acceptByApi(stack, ada.user!, id, invite.code!, PLACES.bellevue);

    await openSession(ada.page, id);
    await ada.page.getByText('Live updates connected', { exact: true }).waitFor();
    await ok(
      `${stack.base}/api/sessions/${id}/participants/${encodeURIComponent(participant.id)}`,
      {
        method: 'DELETE',
        token: owner.token,
      },
    );
    await ada.page
      .getByRole('heading', { name: 'You were removed from this session', exact: true })
      .waitFor({ timeout: 5000 });
    expect(await ada.page.getByRole('heading', { name: 'Access denied' }).count()).toBe(0);
    const main = ada.page.getByRole('main');
    expect(await main.getByRole('link', { name: 'Sign in', exact: true }).count()).toBe(0);
    expect(
      await main.getByRole('link', { name: 'Back to sessions', exact: true }).getAttribute('href'),
    ).toBe('/sessions');
    await screens.capture('removed-participant', { page: ada.page });
  });

  test('a free user who only joined a session is told the joined-session limit, not that the free plan cannot create sessions', async ({
    stack,
    person,
    screens,
  }) => {
    const owner = await registerUser(stack, {
      tag: 'joined-owner',
      name: 'Jo Owner',
      plan: 'premium',
    });
    const session = await createSession(stack, owner.token);
    const fay = await person({ name: 'Fay Free', at: PLACES.tacoma, plan: 'free' });
    const invite = await inviteByApi(stack, owner.token, session.sessionId, fay.user!);
    await acceptByApi(stack, fay.user!, session.sessionId, invite.code!, PLACES.tacoma);

    await openApp(fay.page, '/sessions');
    await fay.page.getByRole('button', { name: 'Start a quick session', exact: true }).click();
    const reason =
      'You have joined 1 open session, the most your plan allows at once, so you cannot create one. Leave it, or upgrade to create your own.';
    await fay.page.locator('.create-session .notice').getByText(reason).waitFor();
    expect(new URL(fay.page.url()).pathname).toBe('/sessions');
    expect(
      await fay.page.getByText('Free plan cannot create sessions. Upgrade to create.').count(),
    ).toBe(0);
    await screens.capture('joined-limit-reason', { page: fay.page });
  });
});
