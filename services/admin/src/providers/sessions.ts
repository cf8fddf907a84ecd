import { membershipResponseSchema } from '@oneeta/contracts';

/**
 * The session service's membership route: the user's role in a session (null: none, or no such
 * session). Throws when the session service cannot answer, so the caller answers 503.
 */
export function createSessionClient(opts: {
  baseUrl: string;
  internalToken: string | undefined;
  timeoutMs?: number;
}) {
  return {
    async role(
      sessionId: string,
      userId: string,
    ): Promise<'owner' | 'participant' | 'invitee' | null> {
      const url = new URL(
        `/internal/sessions/${encodeURIComponent(sessionId)}/members/${encodeURIComponent(userId)}`,
        opts.baseUrl,
      );
      const res = await fetch(url, {
        headers: opts.internalToken ? { 'x-internal-token': opts.internalToken } : {},
        signal: AbortSignal.timeout(opts.timeoutMs ?? 3000),
      });
      if (res.status === 404 || res.status === 400) return null;
      if (!res.ok) throw new Error(`session service answered ${res.status} to a membership check`);
      return membershipResponseSchema.parse(await res.json()).role;
    },
  };
}
export type SessionClient = ReturnType<typeof createSessionClient>;
