import { useQuery } from '@tanstack/react-query';
import { sessionLimitsQuery } from '../api/sessions';

/** GET /api/sessions/limits for the signed-in user (disabled while signed out). */
export function useSessionLimits(enabled = true) {
  return useQuery({ ...sessionLimitsQuery(), enabled });
}
