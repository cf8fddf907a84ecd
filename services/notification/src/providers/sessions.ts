import {
  internalInviteResponseSchema,
  sessionScheduleDataSchema,
  type InternalInvite,
  type SessionScheduleData,
} from '@oneeta/contracts';

/**
 * The session service's internal routes the notification service reads: an invite (its code) and
 * a session's reminder schedule. Null when the session or invite no longer exists; throws on
 * anything else (the event or job is retried).
 */
export function createSessionClient(opts: {
  baseUrl: string;
  internalToken: string | undefined;
  timeoutMs?: number;
}) {
  const get = async (path: string, what: string) => {
    const res = await fetch(new URL(path, opts.baseUrl), {
      headers: opts.internalToken ? { 'x-internal-token': opts.internalToken } : {},
      signal: AbortSignal.timeout(opts.timeoutMs ?? 5000),
    });
    if (res.status === 404) return null;
    if (!res.ok) throw new Error(`session service answered ${res.status} for ${what}`);
    return res.json() as Promise<unknown>;
  };
  const session = (id: string) => `/internal/sessions/${encodeURIComponent(id)}`;
  return {
    async invite(sessionId: string, inviteId: string): Promise<InternalInvite | null> {
      const body = await get(
        `${session(sessionId)}/invites/${encodeURIComponent(inviteId)}`,
        `invite ${inviteId}`,
      );
      return body === null ? null : internalInviteResponseSchema.parse(body);
    },
    async schedule(sessionId: string): Promise<SessionScheduleData | null> {
      const body = await get(
        `${session(sessionId)}/schedule`,
        `the schedule of session ${sessionId}`,
      );
      return body === null ? null : sessionScheduleDataSchema.parse(body);
    },
  };
}
export type SessionClient = ReturnType<typeof createSessionClient>;
