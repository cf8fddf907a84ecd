import { createFileRoute } from '@tanstack/react-router';
import { inboxQuery, notificationPreferencesQuery } from '../api/notifications';
import { mapTokenQuery } from '../api/maps';
import { sessionLimitsQuery, sessionQuery } from '../api/sessions';
import { getToken } from '../api/token';
import { isValidSessionId } from '../features/session/page/page-state';
import { SessionPage } from '../features/session/page/SessionPage';
import { warmUpTimeZone } from '../lib/datetime';
import { askLocationPermission } from '../lib/location-permission';
import { FIRST_SCREEN_WAIT_MS, settledWithin } from '../lib/settled-within';

/**
 * The loader fetches the session (and, signed in, the plan's limits; `defaultPreload: 'intent'`
 * fetches them on hover) and waits for the session at most FIRST_SCREEN_WAIT_MS: the page then
 * renders as before, with its own loading, 403 and 404 screens. It runs on every visit, so the
 * page does not ask again on mount (`useSession`). It also asks for the location permission,
 * known by the first render.
 */
export const Route = createFileRoute('/s/$id')({
  loader: async ({ context: { queryClient }, params }) => {
    if (!isValidSessionId(params.id)) return;
    const session = queryClient.prefetchQuery(sessionQuery(params.id));
    const token = getToken();
    if (token !== null) void queryClient.prefetchQuery(sessionLimitsQuery());
    warmUpTimeZone();
    void askLocationPermission();
    // What the first screen shows beside the session, asked in a task of its own: the answers are
    // usually in when the screen mounts, which renders them at once instead of rendering again as
    // each one arrives. The map's token (the map, and the place search's wording when the device
    // location is unavailable) for everyone; signed in, the alerts and the mute toggle. What only
    // the owner's invites card further down needs (the invite channels) it asks for itself.
    setTimeout(() => {
      void queryClient.prefetchQuery(mapTokenQuery(params.id));
      if (token === null) return;
      void queryClient.prefetchQuery(inboxQuery(token));
      void queryClient.prefetchQuery(notificationPreferencesQuery(token));
    }, 0);
    await settledWithin(session, FIRST_SCREEN_WAIT_MS);
  },
  component: SessionRoute,
});

function SessionRoute() {
  const { id } = Route.useParams();
  return <SessionPage key={id} id={id} />;
}
