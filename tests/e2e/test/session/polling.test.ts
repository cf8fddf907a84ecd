// Issue 6, flow 2: the same three people with the websocket blocked. Without /ws the session page
// polls every SESSION_POLL_MS (15 s), so a move and a close still reach every page within 15 s.
import { SESSION_POLL_MS } from '@oneeta/contracts';
import { closeSession, createSession } from '../../src/api.js';
import { describe, expect } from '../../src/browser.js';
import {
  acceptByApi,
  inviteByApi,
  PLACES,
  participantOf,
  sendLocation,
  sessionTest as test,
  waitForSession,
} from '../../src/session.js';
import {
  expectSameDocument,
  markDocument,
  openSession,
  panelEntry,
  recordTiming,
  routeText,
  whenText,
} from '../../src/session-page.js';

/** A poll happens within SESSION_POLL_MS; a refetch and a render take well under this on top. */
const RENDER_SLACK_MS = 1500;

describe('quick session without the websocket', () => {
  test(
    "with /ws blocked the pages say live updates are not connected and polling shows a participant's move and the close within 15 s",
    { timeout: 180_000 },
    async ({ stack, person, screens }) => {
      const [owner, ada, ben] = await Promise.all([
        person({ name: 'Polly Owner', at: PLACES.bellevue, blockWebSocket: true }),
        person({ name: 'Ada Poller', at: PLACES.redmond, blockWebSocket: true }),
        person({ name: 'Ben Poller', at: PLACES.renton, blockWebSocket: true }),
      ]);
      const people = [owner, ada, ben];
      // Seeded through the API (flow 1 covers doing it on the pages).
      const session = await createSession(stack, owner.user!.token, { name: 'Pike Place Market' });
      const id = session.sessionId;
      for (const [who, at] of [
        [ada, PLACES.redmond],
        [ben, PLACES.renton],
      ] as const) {
        const invite = await inviteByApi(stack, owner.user!.token, id, who.user!);
        await acceptByApi(stack, who.user!, id, invite.code!, at);
      }
      // The owner's position too, so every travel time exists before the pages load.
      await sendLocation(stack, owner.user!.token, PLACES.bellevue);
      const routed = await waitForSession(
        stack,
        owner.user!.token,
        id,
        (s) =>
          s.participants.length === 3 && s.participants.every((p) => p.travelTimeSeconds !== null),
        { what: 'a travel time for every participant' },
      );
      for (const who of people) await openSession(who.page, id);
      for (const viewer of people) {
        await viewer.page
          .getByText('Live updates not connected — refreshing every 15 s', { exact: true })
          .waitFor();
        expect(viewer.wsAttempts(), `${viewer.name}'s page tried /ws`).toBeGreaterThan(0);
        // The first load has every travel time.
        for (const who of people) {
          const p = participantOf(routed, who.user!)!;
          await whenText(
            panelEntry(viewer.page, who.name),
            routeText(p.travelTimeSeconds!, p.distanceMeters!),
            15_000,
          );
        }
      }
      await screens.capture('polling-owner', { page: owner.page });

      // Ada moves to Tacoma: the server has it a moment later; the next poll brings it to the others.
      await Promise.all(people.map((p) => markDocument(p.page)));
      const adaBefore = participantOf(routed, ada.user!)!;
      await ada.moveTo(PLACES.tacoma);
      const after = await waitForSession(
        stack,
        owner.user!.token,
        id,
        (s) => participantOf(s, ada.user!)!.travelTimeSeconds !== adaBefore.travelTimeSeconds,
        { what: "Ada's new travel time", timeout: 10_000 },
      );
      const known = Date.now();
      const adaAfter = participantOf(after, ada.user!)!;
      const expected = routeText(adaAfter.travelTimeSeconds!, adaAfter.distanceMeters!);
      const seen = await Promise.all(
        [owner, ben].map((viewer) =>
          whenText(panelEntry(viewer.page, ada.name), expected, SESSION_POLL_MS + 10_000),
        ),
      );
      for (const [index, viewer] of [owner, ben].entries()) {
        expect(
          seen[index]! - known,
          `${viewer.name}'s page polled Ada's move (${expected}) within ${SESSION_POLL_MS} ms`,
        ).toBeLessThanOrEqual(SESSION_POLL_MS + RENDER_SLACK_MS);
        recordTiming(screens.dir, `${viewer.name} polled the move`, seen[index]! - known);
        await expectSameDocument(viewer.page, viewer.name);
      }
      await screens.capture('polling-after-move', { page: ben.page });

      // The owner closes (through the API): the participants' pages poll their way to the closed view.
      await closeSession(stack, owner.user!.token, id);
      const closed = Date.now();
      await Promise.all(
        [ada, ben].map((viewer) =>
          viewer.page
            .getByRole('heading', { name: 'This session is closed', exact: true })
            .waitFor({ timeout: SESSION_POLL_MS + RENDER_SLACK_MS }),
        ),
      );
      const closedSeen = Date.now() - closed;
      recordTiming(screens.dir, 'both participants polled the close', closedSeen);
      expect(closedSeen).toBeLessThanOrEqual(SESSION_POLL_MS + RENDER_SLACK_MS);
      for (const viewer of [ada, ben]) {
        await viewer.page.getByRole('link', { name: 'Back to sessions', exact: true }).waitFor();
        for (const who of people)
          await viewer.page.getByText(who.name, { exact: true }).first().waitFor();
      }
      await screens.capture('polling-closed', { page: ada.page });
    },
  );
});
