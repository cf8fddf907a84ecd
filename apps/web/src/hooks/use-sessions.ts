import { useInfiniteQuery } from '@tanstack/react-query';
import { sessionListQuery, type SessionStatus } from '../api/sessions';

/** The user's open or closed sessions, SESSIONS_PAGE_SIZE at a time, next page by cursor. */
export function useSessions(status: SessionStatus, enabled = true) {
  return useInfiniteQuery({ ...sessionListQuery(status), enabled });
}
