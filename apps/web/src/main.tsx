import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { dropAnswersOnSignOut } from './api/signed-out-cache';
import { ToastProvider } from './features/toast';
import { createAppRouter, createQueryClient } from './router';
import { registerServiceWorker } from './sw-register';
import './styles.css';

const queryClient = createQueryClient();
dropAnswersOnSignOut(queryClient);
const router = createAppRouter(queryClient);

const container = document.getElementById('root');
if (!container) throw new Error('index.html lacks <div id="root">');

const root = createRoot(container);
// The router resolves the first page (its route chunk loaded, its loaders' fetches started) before
// React renders: one first render of the page instead of a pending one and a second, blocking one
// when the route is ready. That render is a transition, in short slices (issue 13). (Starting the
// router in a task of its own was measured: no gain on /s/{id}, a little worse on /sessions.)
void router
  .load()
  .catch((error: unknown) => console.error(error))
  .then(() =>
    startTransition(() =>
      root.render(
        <StrictMode>
          <QueryClientProvider client={queryClient}>
            <ToastProvider>
              <RouterProvider router={router} />
            </ToastProvider>
          </QueryClientProvider>
        </StrictMode>,
      ),
    ),
  );

registerServiceWorker();
