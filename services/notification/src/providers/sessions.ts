import { internalInviteResponseSchema, type InternalInvite } from '@oneeta/contracts';

/** The session service's internal invite route; null when the session or invite no longer exists. Throws on anything else (the event is retried). */
export function createSessionClient(opts: { baseUrl: string; internalToken: string | undefined; timeoutMs?: number }) {
  return {
    async invite(sessionId: string, inviteId: string): Promise<InternalInvite | null> {
      const url = new URL(`/internal/sessions/${encodeURIComponent(sessionId)}/invites/${encodeURIComponent(inviteId)}`, opts.baseUrl);
      const res = await fetch(url, {
        headers: opts.internalToken ? { 'x-internal-token': opts.internalToken } : {},
        signal: AbortSignal.timeout(opts.timeoutMs ?? 5000),
      });
      if (res.status === 404) return null;
      if (!res.ok) throw new Error(`session service answered ${res.status} for invite ${inviteId}`);
      return internalInviteResponseSchema.parse(await res.json());
    },
  };
}
export type SessionClient = ReturnType<typeof createSessionClient>;
