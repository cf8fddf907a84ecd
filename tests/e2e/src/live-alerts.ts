// The live-alert browser tests' shared ground: a session at Pike Place Market on Seattle's clock,
// saved through the API, places that make someone late, and the page's alert region.
import type { Session } from '@oneeta/contracts';
import type { Locator, Page } from 'playwright-core';
import { ok } from './api.js';
import { openApp } from './app.js';
import type { LatLon, Person } from './session.js';
import { panelEntry } from './session-page.js';
import type { StackInfo } from './stack.js';

/** The session's zone and the browsers' (src/session.ts): times carry no zone label. */
export const TZ = 'America/Los_Angeles';
export const DESTINATION = 'Pike Place Market';
/** Pike Place Market, Seattle (the destination). */
export const PIKE_PLACE: LatLon = { lat: 47.6097, lon: -122.3422 };
/** Far south, more than an hour from Seattle by car: whoever drives there is late. */
export const CENTRALIA: LatLon = { lat: 46.7162, lon: -122.9543 };
/** How long a live change may take to reach a page (a live check, a travel result, a nudge). */
export const LIVE_TIMEOUT_MS = 45_000;

/** '4:18 PM' in Seattle's zone. */
export function wallTime(instant: Date): string {
  return instant.toLocaleTimeString('en-US', { timeZone: TZ, hour: 'numeric', minute: '2-digit' });
}

/** The session page's alerts (the owner's offer and the in-app banners). */
export function alerts(page: Page): Locator {
  return page.getByRole('region', { name: 'Session alerts', exact: true });
}

/** Opens /s/{id} and waits for the person's own entry in the arrival panel. */
export async function openSessionPage(who: Person, id: string): Promise<void> {
  await openApp(who.page, `/s/${id}`);
  await panelEntry(who.page, who.name).waitFor();
}

/** POST /api/sessions as the owner: the session at Pike Place Market with this arrival time (the normal save). */
export function saveArrival(
  stack: StackInfo,
  owner: Person,
  id: string,
  arriveAt: Date,
  at: LatLon,
) {
  return ok<{ session: Session }>(`${stack.base}/api/sessions`, {
    method: 'POST',
    token: owner.user!.token,
    body: {
      sessionId: id,
      destination: {
        id: `e2e-pike-${id}`,
        name: DESTINATION,
        address: '85 Pike St, Seattle, WA',
        position: PIKE_PLACE,
      },
      tzId: TZ,
      arriveAt: arriveAt.toISOString(),
      travelMode: 'car',
      participants: [
        { id: `user:${owner.user!.user.id}`, ...at, locationSource: 'device' as const },
      ],
    },
  });
}
