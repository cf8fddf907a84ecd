import type { User } from '@oneeta/contracts';
import { useQuery } from '@tanstack/react-query';
import { getMe, isApiError } from '../api';
import { clearToken } from '../api/token';
import { queryKeys } from '../api/query-keys';
import { useToken } from './use-token';

/**
 * The current user from GET /api/auth/me, or null (signed out, or the call failed: reading the
 * current user "returns nothing on failure", doc 1 §4). A rejected token (401) is forgotten.
 */
export function useMe() {
  const token = useToken();
  return useQuery({
    queryKey: queryKeys.me(token),
    enabled: token !== null,
    queryFn: async ({ signal }): Promise<User | null> => {
      try {
        return (await getMe(signal)).user;
      } catch (error) {
        if (isApiError(error, 401)) clearToken();
        if (signal.aborted) throw error;
        return null;
      }
    },
    staleTime: 60_000,
  });
}
