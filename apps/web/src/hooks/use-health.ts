import { useQuery } from '@tanstack/react-query';
import { healthQuery } from '../api/health';

/** GET /api/health, once per page view (no retries: the indicator shows the failure). */
export function useHealth() {
  return useQuery(healthQuery());
}
