import type { QueryClient } from '@tanstack/react-query';
import { getToken, subscribeToken } from './token';

/**
 * When the stored token goes away (signed out here or in another tab, or refused by the server
 * because it was ended elsewhere), every answer read with it is dropped: nothing of the account
 * stays on screen or in memory. A token replaced by another (sign-in, password change) is the
 * sign-in's own business. Answers the unsubscribe.
 */
export function dropAnswersOnSignOut(queryClient: QueryClient): () => void {
  let signedIn = getToken() !== null;
  return subscribeToken(() => {
    const now = getToken() !== null;
    if (signedIn && !now) queryClient.clear();
    signedIn = now;
  });
}
