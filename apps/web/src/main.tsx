import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ToastProvider } from './features/toast';
import { createAppRouter, createQueryClient } from './router';
import { registerServiceWorker } from './sw-register';
import './styles.css';

const queryClient = createQueryClient();
const router = createAppRouter(queryClient);

const container = document.getElementById('root');
if (!container) throw new Error('index.html lacks <div id="root">');

const root = createRoot(container);
/** Ends the current task: the browser runs what waits (input, a paint) before the rest goes on. */
const yieldToMain = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
// The router resolves the first page (its route chunk loaded, its loaders' fetches started) before
// React renders: one first render of the page instead of a pending one and a second, blocking one
// when the route is ready. That render is a transition, in short slices. The router starts in a
// task of its own, not in the one that evaluated the app's code (issue 13).
void yieldToMain()
  .then(() => router.load())
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
