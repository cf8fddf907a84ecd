import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { meQuery } from '../api/auth';
import { getToken } from '../api/token';
import { BottomBar } from '../features/shell/BottomBar';
import { Header } from '../features/shell/Header';
import { NotFound } from '../features/shell/NotFound';
import { useAuth } from '../hooks/use-auth';
import { FIRST_SCREEN_WAIT_MS, settledWithin } from '../lib/settled-within';
import { UI } from '../text';

/** In-app notifications as toasts (issue 15): loaded once signed in, not with the landing page. */
const InboxWatcher = lazy(() => import('../features/inbox/InboxWatcher'));

export interface RouterContext {
  queryClient: QueryClient;
}

export const Route = createRootRouteWithContext<RouterContext>()({
  // The current user is asked for with the page's own data, not after the first render, and the
  // first render waits for the answer a moment (FIRST_SCREEN_WAIT_MS), as the page's data does.
  loader: async ({ context }) => {
    const token = getToken();
    if (token !== null)
      await settledWithin(context.queryClient.prefetchQuery(meQuery(token)), FIRST_SCREEN_WAIT_MS);
  },
  component: RootLayout,
  notFoundComponent: NotFound,
});

/** The shell: skip link, header with the floating menu, the page, the bottom bar (toasts: main.tsx). */
function RootLayout() {
  const auth = useAuth();
  return (
    <div className="app">
      <a className="skip-link" href="#main">
        {UI.skipToContent}
      </a>
      <Header auth={auth} />
      <main id="main" tabIndex={-1} className="app-main">
        <Outlet />
      </main>
      <BottomBar auth={auth} />
      {auth.status === 'signed-in' && (
        <Suspense fallback={null}>
          <InboxWatcher />
        </Suspense>
      )}
    </div>
  );
}
