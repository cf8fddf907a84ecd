import { useQuery } from '@tanstack/react-query';
import { getHealth } from '../api/health';
import { queryKeys } from '../api/query-keys';

/** GET /api/health, once per page view (no retries: the indicator shows the failure). */
export function useHealth() {
  return useQuery({
    queryKey: queryKeys.health,
    queryFn: ({ signal }) => getHealth(signal),
    retry: false,
    staleTime: 30_000,
  });
}
