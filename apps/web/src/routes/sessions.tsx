import { createFileRoute } from '@tanstack/react-router';
import { myInvitesQuery } from '../api/invites';
import { sessionLimitsQuery, sessionListQuery } from '../api/sessions';
import { getToken } from '../api/token';
import { SessionsPage } from '../features/sessions/SessionsPage';
import { warmUpTimeZone } from '../lib/datetime';

/**
 * The loader starts both lists, the invites and the plan's limits (signed in only) without
 * waiting, so `defaultPreload: 'intent'` fetches them on hover and the page renders as before (its
 * own loading state, errors and all).
 */
export const Route = createFileRoute('/sessions')({
  loader: ({ context }) => {
    if (getToken() === null) return;
    warmUpTimeZone();
    void context.queryClient.prefetchInfiniteQuery(sessionListQuery('open'));
    void context.queryClient.prefetchInfiniteQuery(sessionListQuery('closed'));
    void context.queryClient.prefetchQuery(myInvitesQuery());
    void context.queryClient.prefetchQuery(sessionLimitsQuery());
  },
  component: SessionsPage,
});
