import { useQuery } from '@tanstack/react-query';
import { sessionQuery } from '../api/sessions';

/**
 * GET /api/sessions/:id: the session as this viewer may see it. 403 and 404 are answers, not
 * retried. The /s/$id loader fetches it on every visit and usually waits for it, so an answer that
 * is an error (a new session's 404, a 403) is not asked for a second time when the page mounts.
 */
export function useSession(id: string) {
  return useQuery({ ...sessionQuery(id), retryOnMount: false });
}
