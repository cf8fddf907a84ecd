import {
  membershipResponseSchema,
  sessionScheduleDataSchema,
  type SessionScheduleData,
} from '@oneeta/contracts';
import { HttpError, RETRY_AFTER_SECONDS } from '@oneeta/service-kit';
import type { z } from 'zod';

export const MEMBERSHIP_UNAVAILABLE =
  'Could not check your session membership right now. Please try again.';

export type Membership = z.infer<typeof membershipResponseSchema>;

/**
 * The session service's internal routes: membership (the same route the /ws hub asks: how a user
 * belongs to a session) and the session's schedule (closed or not, who is in it). Null when the
 * session does not exist; anything else but 200 throws (503 for a caller; an event is retried).
 */
export function createSessionClient(opts: {
  baseUrl: string;
  internalToken: string | undefined;
  timeoutMs?: number;
}) {
  const get = async (path: string): Promise<unknown> => {
    const res = await fetch(new URL(path, opts.baseUrl), {
      headers: opts.internalToken ? { 'x-internal-token': opts.internalToken } : {},
      signal: AbortSignal.timeout(opts.timeoutMs ?? 5000),
    });
    // 404: no such session; 400: an id that cannot be one (so none by that id either).
    if (res.status === 404 || res.status === 400) return null;
    if (!res.ok)
      throw new HttpError(503, MEMBERSHIP_UNAVAILABLE, 'unavailable', {
        'retry-after': String(RETRY_AFTER_SECONDS),
      });
    return res.json();
  };
  return {
    /** The session's state and participants (user ids and status), to bring the thread in line; null when it is gone. */
    async schedule(sessionId: string): Promise<SessionScheduleData | null> {
      const body = await get(`/internal/sessions/${encodeURIComponent(sessionId)}/schedule`);
      return body === null ? null : sessionScheduleDataSchema.parse(body);
    },
    async membership(
      sessionId: string,
      userId: string,
      verifiedEmail: string | null,
    ): Promise<Membership | null> {
      const url = new URL(
        `/internal/sessions/${encodeURIComponent(sessionId)}/members/${encodeURIComponent(userId)}`,
        opts.baseUrl,
      );
      if (verifiedEmail) url.searchParams.set('email', verifiedEmail);
      const body = await get(`${url.pathname}${url.search}`);
      return body === null ? null : membershipResponseSchema.parse(body);
    },
  };
}
export type SessionClient = ReturnType<typeof createSessionClient>;
