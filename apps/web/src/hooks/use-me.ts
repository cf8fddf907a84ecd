import { useQuery } from '@tanstack/react-query';
import { meQuery } from '../api/auth';
import { useToken } from './use-token';

/** The current user (GET /api/auth/me), or null: signed out, or the call failed. */
export function useMe() {
  return useQuery(meQuery(useToken()));
}
