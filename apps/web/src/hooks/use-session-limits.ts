import { useQuery } from '@tanstack/react-query';
import { getSessionLimits } from '../api/sessions';
import { queryKeys } from '../api/query-keys';

/** GET /api/sessions/limits for the signed-in user (disabled while signed out). */
export function useSessionLimits(enabled = true) {
  return useQuery({
    queryKey: queryKeys.sessionLimits,
    enabled,
    queryFn: ({ signal }) => getSessionLimits(signal),
  });
}
