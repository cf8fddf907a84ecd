import { useSyncExternalStore } from 'react';
import { getToken, subscribeToken } from '../api/token';

/** The stored auth token, kept in step with sign-in, sign-out and other tabs. */
export function useToken(): string | null {
  return useSyncExternalStore(subscribeToken, getToken, () => null);
}
