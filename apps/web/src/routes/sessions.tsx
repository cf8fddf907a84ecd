import { createFileRoute } from '@tanstack/react-router';
import { myInvitesQuery } from '../api/invites';
import { sessionLimitsQuery, sessionListQuery } from '../api/sessions';
import { getToken } from '../api/token';
import { SessionsPage } from '../features/sessions/SessionsPage';
import { warmUpTimeZone } from '../lib/datetime';
import { FIRST_SCREEN_WAIT_MS, settledWithin } from '../lib/settled-within';

/**
 * The loader starts both lists, the invites and the plan's limits (signed in only), so
 * `defaultPreload: 'intent'` fetches them on hover, and waits at most FIRST_SCREEN_WAIT_MS for
 * what the first screen shows (the invites and the open sessions); the page renders as before
 * (its own loading state, errors and all).
 */
export const Route = createFileRoute('/sessions')({
  loader: async ({ context: { queryClient } }) => {
    if (getToken() === null) return;
    warmUpTimeZone();
    const open = queryClient.prefetchInfiniteQuery(sessionListQuery('open'));
    void queryClient.prefetchInfiniteQuery(sessionListQuery('closed'));
    const invites = queryClient.prefetchQuery(myInvitesQuery());
    void queryClient.prefetchQuery(sessionLimitsQuery());
    await settledWithin(Promise.all([open, invites]), FIRST_SCREEN_WAIT_MS);
  },
  component: SessionsPage,
});
