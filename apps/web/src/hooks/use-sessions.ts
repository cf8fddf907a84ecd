import { SESSIONS_PAGE_SIZE } from '@oneeta/contracts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { listMySessions, type SessionStatus } from '../api/sessions';
import { queryKeys } from '../api/query-keys';

/** The user's open or closed sessions, SESSIONS_PAGE_SIZE at a time, next page by cursor. */
export function useSessions(status: SessionStatus, enabled = true) {
  return useInfiniteQuery({
    queryKey: queryKeys.sessionList(status, SESSIONS_PAGE_SIZE),
    enabled,
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      listMySessions({ status, limit: SESSIONS_PAGE_SIZE, cursor: pageParam, signal }),
    getNextPageParam: (last) => last.nextCursor,
  });
}
