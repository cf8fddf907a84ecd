import { useQuery } from '@tanstack/react-query';
import { getInvite } from '../api/sessions';
import { queryKeys } from '../api/query-keys';

/** GET /api/sessions/:id/invite/:code: the invite and its session, as the invitee sees them. */
export function useInvite(id: string, code: string | undefined) {
  return useQuery({
    queryKey: queryKeys.invite(id, code ?? ''),
    enabled: Boolean(code),
    queryFn: ({ signal }) => getInvite(id, code ?? '', signal),
  });
}
