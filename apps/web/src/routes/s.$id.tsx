import { createFileRoute } from '@tanstack/react-router';
import { sessionLimitsQuery, sessionQuery } from '../api/sessions';
import { getToken } from '../api/token';
import { isValidSessionId } from '../features/session/page-state';
import { SessionPage } from '../features/session/SessionPage';
import { warmUpTimeZone } from '../lib/datetime';

/**
 * The loader starts the session's fetch (and, signed in, the plan's limits) without waiting, so
 * `defaultPreload: 'intent'` fetches it on hover and the page renders as before (its own loading,
 * 403 and 404 screens).
 */
export const Route = createFileRoute('/s/$id')({
  loader: ({ context, params }) => {
    if (!isValidSessionId(params.id)) return;
    void context.queryClient.prefetchQuery(sessionQuery(params.id));
    if (getToken() !== null) void context.queryClient.prefetchQuery(sessionLimitsQuery());
    warmUpTimeZone();
  },
  component: SessionRoute,
});

function SessionRoute() {
  const { id } = Route.useParams();
  return <SessionPage key={id} id={id} />;
}
