import { useQuery } from '@tanstack/react-query';
import { getSession } from '../api/sessions';
import { queryKeys } from '../api/query-keys';

/** GET /api/sessions/:id: the session as this viewer may see it. 403 and 404 are answers, not retried. */
export function useSession(id: string) {
  return useQuery({
    queryKey: queryKeys.session(id),
    queryFn: async ({ signal }) => (await getSession(id, signal)).session,
  });
}
