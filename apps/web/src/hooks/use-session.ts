import { useQuery } from '@tanstack/react-query';
import { sessionQuery } from '../api/sessions';

/** GET /api/sessions/:id: the session as this viewer may see it. 403 and 404 are answers, not retried. */
export function useSession(id: string) {
  return useQuery(sessionQuery(id));
}
