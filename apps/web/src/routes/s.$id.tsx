import { createFileRoute } from '@tanstack/react-router';
import { inboxQuery, notificationPreferencesQuery } from '../api/notifications';
import { notificationChannelsQuery } from '../api/push';
import { sessionLimitsQuery, sessionQuery } from '../api/sessions';
import { getToken } from '../api/token';
import { isValidSessionId } from '../features/session/page-state';
import { SessionPage } from '../features/session/SessionPage';
import { warmUpTimeZone } from '../lib/datetime';
import { askLocationPermission } from '../lib/location-permission';

/**
 * The loader starts the session's fetch (and, signed in, the plan's limits) without waiting, so
 * `defaultPreload: 'intent'` fetches it on hover and the page renders as before (its own loading,
 * 403 and 404 screens). It also asks for the location permission, known by the first render.
 */
export const Route = createFileRoute('/s/$id')({
  loader: ({ context: { queryClient }, params }) => {
    if (!isValidSessionId(params.id)) return;
    void queryClient.prefetchQuery(sessionQuery(params.id));
    const token = getToken();
    if (token !== null) void queryClient.prefetchQuery(sessionLimitsQuery());
    warmUpTimeZone();
    void askLocationPermission();
    // What the signed-in screen shows beside the session (its alerts, the mute toggle, how invites
    // are sent), asked in a task of its own: the answers are usually in when the screen mounts,
    // which renders them at once instead of rendering again as each one arrives.
    if (token !== null)
      setTimeout(() => {
        void queryClient.prefetchQuery(inboxQuery(token));
        void queryClient.prefetchQuery(notificationPreferencesQuery(token));
        void queryClient.prefetchQuery(notificationChannelsQuery());
      }, 0);
  },
  component: SessionRoute,
});

function SessionRoute() {
  const { id } = Route.useParams();
  return <SessionPage key={id} id={id} />;
}
