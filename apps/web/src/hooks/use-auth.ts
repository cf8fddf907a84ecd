import type { AuthResponse, User } from '@oneeta/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { signOutHere } from '../api/account';
import { clearToken, setToken } from '../api/token';
import { queryKeys } from '../api/query-keys';
import { useMe } from './use-me';
import { useToken } from './use-token';

export type AuthStatus = 'signed-out' | 'loading' | 'signed-in';

export interface Auth {
  status: AuthStatus;
  user: User | null;
  token: string | null;
  isAdmin: boolean;
  /** Stores the token and the user of a login/register answer. */
  signIn: (auth: AuthResponse) => void;
  /**
   * Ends this token on the server (POST /api/auth/logout), then removes it, clears the user and
   * reloads at '/' (doc 1 §4); signed out here even when the call fails.
   */
  signOut: () => Promise<void>;
  /** Removes the token and every answer read with it, staying on the page (its token already ended). */
  forget: () => void;
}

export function useAuth(): Auth {
  const token = useToken();
  const me = useMe();
  const queryClient = useQueryClient();
  const user = token ? (me.data ?? null) : null;
  const status: AuthStatus = !token
    ? 'signed-out'
    : me.isPending
      ? 'loading'
      : user
        ? 'signed-in'
        : 'signed-out';

  const signIn = useCallback(
    (auth: AuthResponse) => {
      // Whatever was read as a guest (session views, limits) belongs to nobody now.
      queryClient.clear();
      queryClient.setQueryData(queryKeys.me(auth.token), auth.user);
      setToken(auth.token);
    },
    [queryClient],
  );

  const forget = useCallback(() => {
    clearToken();
    queryClient.clear();
  }, [queryClient]);

  const signOut = useCallback(async () => {
    await signOutHere();
    queryClient.clear();
    window.location.assign('/');
  }, [queryClient]);

  return { status, user, token, isAdmin: user?.isAdmin === true, signIn, signOut, forget };
}
