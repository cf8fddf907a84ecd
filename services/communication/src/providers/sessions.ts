import { membershipResponseSchema } from '@oneeta/contracts';
import { HttpError, RETRY_AFTER_SECONDS } from '@oneeta/service-kit';
import type { z } from 'zod';

export const MEMBERSHIP_UNAVAILABLE = 'Could not check your session membership right now. Please try again.';

export type Membership = z.infer<typeof membershipResponseSchema>;

/**
 * The session service's membership route (the same one the /ws hub asks): how a user belongs to
 * a session. Null when the session does not exist; throws on anything else (the caller gets 503).
 */
export function createSessionClient(opts: { baseUrl: string; internalToken: string | undefined; timeoutMs?: number }) {
  return {
    async membership(sessionId: string, userId: string, verifiedEmail: string | null): Promise<Membership | null> {
      const url = new URL(`/internal/sessions/${encodeURIComponent(sessionId)}/members/${encodeURIComponent(userId)}`, opts.baseUrl);
      if (verifiedEmail) url.searchParams.set('email', verifiedEmail);
      const res = await fetch(url, {
        headers: opts.internalToken ? { 'x-internal-token': opts.internalToken } : {},
        signal: AbortSignal.timeout(opts.timeoutMs ?? 5000),
      });
      if (res.status === 404) return null;
      if (!res.ok) throw new HttpError(503, MEMBERSHIP_UNAVAILABLE, 'unavailable', { 'retry-after': String(RETRY_AFTER_SECONDS) });
      return membershipResponseSchema.parse(await res.json());
    },
  };
}
export type SessionClient = ReturnType<typeof createSessionClient>;
