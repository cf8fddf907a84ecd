// Issue 16: the communication widget on /s/{id}. Two people on one session chat: each message
// reaches the other page without a reload (live over /ws when the hub carries chat events, else by
// the widget's light polling); the sender's pending copy is replaced by the server's, never doubled;
// Enter sends and Shift+Enter adds a line; the typing indicator and the read receipt ('Seen by …')
// reach the other page; Voice and Video stay 'coming soon' (no calling without ACS); the empty
// state; the avatar popout; the free plan's 11th message in an hour is refused with its sentence;
// the owner's Reset Chat empties both widgets; closing the session shows 'Session closed'.
import type { Locator, Page } from 'playwright-core';
import path from 'node:path';
import { describe, expect, VIEWPORTS } from '../../src/browser.js';
import {
  PLACES,
  acceptByApi,
  inviteByApi,
  sessionTest as test,
  type Person,
} from '../../src/session.js';
import { closeSession, createSession } from '../../src/api.js';
import { openSession, recordTiming } from '../../src/session-page.js';

/**
 * Issue 16 asks for 1 s over /ws; each measured time goes to timings.txt (about 0.2 s on a quiet
 * machine). The test asserts the message came as a real-time frame, well before the widget's 3 s
 * poll, and leaves room for a busy CI machine: the 1 s figure is a measurement, not a timed test.
 */
const DELIVERY_BUDGET_MS = 5000;
const FREE_LIMIT_SENTENCE =
  /^The free plan sends at most 10 chat messages per hour\. You can send your next message in \d+ (min|s)\.$/;

const widget = (page: Page): Locator =>
  page.getByRole('region', { name: 'Communication', exact: true });
const input = (page: Page): Locator =>
  widget(page).getByRole('textbox', { name: 'Message', exact: true });
const messageList = (page: Page): Locator => widget(page).getByRole('list', { name: 'Messages' });
const messages = (page: Page, text: string): Locator =>
  messageList(page).getByRole('listitem').filter({ hasText: text });

/** Types `text` and presses Enter; answers when the server's copy replaced the pending one. */
async function sendByEnter(page: Page, text: string, { confirmed = true } = {}): Promise<void> {
  await input(page).fill(text);
  await input(page).press('Enter');
  if (!confirmed) return;
  await expect
    .poll(() => messages(page, text).last().getAttribute('data-message-id'), {
      message: `'${text}' confirmed by the server`,
    })
    .toMatch(/^\d+$/);
}

async function expectConnected(page: Page): Promise<void> {
  await widget(page).getByText('Connected', { exact: true }).waitFor({ timeout: 20_000 });
}

describe('session chat', () => {
  test(
    "two people chat on one session: live delivery, pending copy replaced, Enter / Shift+Enter, empty state, avatar popout, the free plan's 11th message refused, Reset Chat empties both, 'Session closed'",
    { timeout: 240_000 },
    async ({ stack, person, screens }) => {
      const [owner, ada] = await Promise.all([
        person({ name: 'Olivia Owner', at: PLACES.bellevue }),
        person({ name: 'Ada Lovelace', at: PLACES.redmond, plan: 'free' }),
      ]);
      // Each screen at 390 and 1280 px (axe-checked), plus the widget itself at both widths.
      const shot = async (name: string, who: Person) => {
        await screens.capture(name, { page: who.page });
        const before = who.page.viewportSize();
        for (const viewport of VIEWPORTS) {
          await who.page.setViewportSize(viewport);
          await widget(who.page).screenshot({
            path: path.join(screens.dir, `${name}-widget-${viewport.width}.png`),
            animations: 'disabled',
            // The sticky site header may overlap the widget's top after scrolling: not part of it.
            style: '.site-header { visibility: hidden; }',
          });
        }
        if (before) await who.page.setViewportSize(before);
      };
      const session = await createSession(stack, owner.user!.token);
      const id = session.sessionId;
      const invite = await inviteByApi(stack, owner.user!.token, id, ada.user!);
      await acceptByApi(stack, ada.user!, id, invite.code!, PLACES.redmond);

      // What Ada's page hears on /ws: the message must reach her as a real-time chat event.
      const adaFrames: string[] = [];
      ada.page.on('websocket', (ws) =>
        ws.on('framereceived', (frame) => adaFrames.push(String(frame.payload))),
      );

      // The embedded chat server needs none of the ACS SDKs: the session page never loads them.
      const scriptsLoaded: string[] = [];
      for (const who of [owner, ada])
        who.page.on('request', (request) => {
          if (request.resourceType() === 'script') scriptsLoaded.push(request.url());
        });

      // The owner's page connects by itself (and creates the session's thread); then Ada's.
      await openSession(owner.page, id);
      await expectConnected(owner.page);
      await openSession(ada.page, id);
      await expectConnected(ada.page);

      for (const who of [owner, ada]) {
        const w = widget(who.page);
        // Header, modes: calling is 'coming soon'.
        await expect
          .poll(() =>
            w.getByRole('button', { name: 'Text', exact: true }).getAttribute('aria-pressed'),
          )
          .toBe('true');
        for (const [mode, title] of [
          ['Voice', 'Voice coming soon'],
          ['Video', 'Video coming soon'],
        ] as const) {
          const button = w.getByRole('button', { name: mode, exact: true });
          expect(await button.isDisabled()).toBe(true);
          expect(await button.getAttribute('title')).toBe(title);
        }
        await w.getByText('coming soon', { exact: true }).waitFor();
        // The empty state, the placeholder, Send enabled (the profile has a name).
        await w.getByText('No messages yet', { exact: true }).waitFor();
        expect(await input(who.page).getAttribute('placeholder')).toBe('Type a message…');
        expect(await w.getByRole('button', { name: 'Send', exact: true }).isDisabled()).toBe(false);
      }
      await widget(owner.page).scrollIntoViewIfNeeded();
      await shot('chat-empty', owner);

      // Typing: Ada starts a message; Olivia's widget says so, live; it goes when Ada's message comes.
      await input(ada.page).fill('On my');
      const typingAt = Date.now();
      const adaTyping = widget(owner.page).getByText('Ada Lovelace is typing…', { exact: true });
      await adaTyping.waitFor({ timeout: DELIVERY_BUDGET_MS });
      recordTiming(screens.dir, 'typing indicator to the other page (ms)', Date.now() - typingAt);
      // One's own typing is never shown as someone's.
      expect(
        await widget(ada.page)
          .getByText(/is typing…$/)
          .count(),
      ).toBe(0);
      await shot('chat-typing', owner);
      await input(ada.page).fill('');

      // Olivia says hello with Enter: shown at once, replaced by the server's copy; Ada gets it live.
      const hello = 'Hello from Olivia, parking on 3rd';
      await input(owner.page).fill(hello);
      const sentAt = Date.now();
      await input(owner.page).press('Enter');
      await messages(owner.page, hello).first().waitFor({ timeout: 2000 });
      await messages(ada.page, hello).first().waitFor({ timeout: DELIVERY_BUDGET_MS });
      recordTiming(screens.dir, 'chat message to the other page (ms)', Date.now() - sentAt);
      // Live, not by polling: a chat-event frame with the message came over /ws.
      expect(
        adaFrames.some((f) => f.includes('"chat-event"') && f.includes('chatMessageReceived')),
      ).toBe(true);
      expect(await input(owner.page).inputValue()).toBe('');
      await expect
        .poll(() => messages(owner.page, hello).first().getAttribute('data-message-id'))
        .toMatch(/^\d+$/);
      await messages(ada.page, hello).getByText('Olivia Owner', { exact: true }).waitFor();
      // Ada's page has shown it: her read receipt reaches Olivia's page, under her message.
      await messages(owner.page, hello)
        .getByText('Seen by Ada Lovelace', { exact: true })
        .waitFor({ timeout: DELIVERY_BUDGET_MS });
      expect(
        await messages(ada.page, hello)
          .getByText(/^Seen by/)
          .count(),
      ).toBe(0);
      // Never doubled, on either page, after the receipt's round trip too (both pages have handled
      // every frame and refetch the message caused by then).
      expect(await messages(owner.page, hello).count()).toBe(1);
      expect(await messages(ada.page, hello).count()).toBe(1);

      // Shift+Enter adds a line; Enter sends both lines.
      await input(ada.page).fill('line one');
      await input(ada.page).press('Shift+Enter');
      await input(ada.page).pressSequentially('line two');
      expect(await input(ada.page).inputValue()).toBe('line one\nline two');
      expect(await messageList(ada.page).getByRole('listitem').count()).toBe(1);
      const twoLines = Date.now();
      await input(ada.page).press('Enter');
      const onOwner = messages(owner.page, 'line two');
      await onOwner.first().waitFor({ timeout: DELIVERY_BUDGET_MS });
      recordTiming(screens.dir, 'chat message back (ms)', Date.now() - twoLines);
      expect(await onOwner.locator('.chat-text').innerText()).toBe('line one\nline two');
      await shot('chat-conversation', owner);
      await shot('chat-conversation-ada', ada);

      // The avatar popout: name, id, Copy ID, Close.
      await onOwner.getByRole('button', { name: 'Ada Lovelace, AL', exact: true }).click();
      const popout = widget(owner.page).getByRole('dialog', { name: 'Ada Lovelace' });
      await popout.waitFor();
      await popout.getByText(`8:acs:oneeta_${ada.user!.user.id}`, { exact: true }).waitFor();
      await popout.getByRole('button', { name: 'Copy ID', exact: true }).waitFor();
      await shot('chat-avatar-popout', owner);
      await popout.getByRole('button', { name: 'Close', exact: true }).click();
      await popout.waitFor({ state: 'detached' });

      // The free plan: Ada has sent 1 message; 9 more are fine, the 11th in the hour is refused.
      for (let i = 2; i <= 10; i++) await sendByEnter(ada.page, `Free message ${i}`);
      await sendByEnter(ada.page, 'Free message 11', { confirmed: false });
      const refusal = widget(ada.page).getByRole('alert');
      await refusal.waitFor();
      expect(await refusal.innerText()).toMatch(FREE_LIMIT_SENTENCE);
      // The refused message's pending copy is gone; the owner never sees it.
      await messages(ada.page, 'Free message 11').waitFor({ state: 'detached' });
      await messages(owner.page, 'Free message 10')
        .first()
        .waitFor({ timeout: DELIVERY_BUDGET_MS });
      expect(await messages(owner.page, 'Free message 11').count()).toBe(0);
      await shot('chat-free-limit', ada);

      // The owner's Reset Chat: a new empty thread; both widgets switch to it live (no reload).
      await owner.page.evaluate(() => ((window as unknown as { e2eMark?: number }).e2eMark = 1));
      await widget(owner.page).getByRole('button', { name: 'Reset Chat', exact: true }).click();
      await widget(owner.page).getByRole('button', { name: 'Reset', exact: true }).click();
      const resetAt = Date.now();
      for (const who of [owner, ada])
        await widget(who.page)
          .getByText('No messages yet', { exact: true })
          .waitFor({ timeout: DELIVERY_BUDGET_MS });
      recordTiming(screens.dir, 'Reset Chat reaches both widgets (ms)', Date.now() - resetAt);
      expect(
        await owner.page.evaluate(() => (window as unknown as { e2eMark?: number }).e2eMark),
      ).toBe(1);
      // The new thread works for both.
      const afterReset = 'New thread, who is here?';
      await sendByEnter(owner.page, afterReset);
      await messages(ada.page, afterReset).first().waitFor({ timeout: DELIVERY_BUDGET_MS });
      expect(await messages(ada.page, 'line two').count()).toBe(0);
      await shot('chat-after-reset', ada);

      // Closing the session: every page shows 'Session closed'.
      await closeSession(stack, owner.user!.token, id);
      for (const who of [owner, ada]) {
        await widget(who.page)
          .getByText('Session closed', { exact: true })
          .waitFor({ timeout: 20_000 });
        expect(await who.page.getByText(afterReset).count()).toBe(0);
      }
      await shot('chat-session-closed', ada);
      expect(scriptsLoaded.some((url) => url.includes('CommunicationWidget'))).toBe(true);
      expect(
        scriptsLoaded.filter((url) =>
          /acs-transport|acs-port|sdk\.bundle|communication-/.test(url),
        ),
      ).toEqual([]);
      for (const who of [owner, ada])
        expect(who.errors.filter((e) => e.startsWith('pageerror'))).toEqual([]);
    },
  );
});
