import { verificationLinkResponseSchema, type VerificationLink } from '@oneeta/contracts';

/**
 * Auth's internal verification-link route: a fresh link for the account's address; null when there
 * is nothing to send any more (the account is gone, the address changed or is verified). Throws on
 * anything else, so the job is retried.
 */
export function createAuthClient(opts: {
  baseUrl: string;
  internalToken: string | undefined;
  timeoutMs?: number;
}) {
  return {
    async verificationLink(userId: string, email: string): Promise<VerificationLink | null> {
      const url = new URL(
        `/internal/users/${encodeURIComponent(userId)}/verification-link`,
        opts.baseUrl,
      );
      url.searchParams.set('email', email);
      const res = await fetch(url, {
        headers: opts.internalToken ? { 'x-internal-token': opts.internalToken } : {},
        signal: AbortSignal.timeout(opts.timeoutMs ?? 5000),
      });
      if (res.status === 404 || res.status === 409) return null;
      if (!res.ok)
        throw new Error(`auth answered ${res.status} for the verification link of user ${userId}`);
      return verificationLinkResponseSchema.parse(await res.json());
    },
    /**
     * A fresh single-use password-reset link for that request (auth keeps only its hash); null when
     * there is nothing to send any more (the account is gone, the request was replaced, used or is
     * too old, the address changed). Throws on anything else, so the job is retried.
     */
    async passwordResetLink(userId: string, requestId: string): Promise<VerificationLink | null> {
      const url = new URL(
        `/internal/users/${encodeURIComponent(userId)}/password-reset-link`,
        opts.baseUrl,
      );
      url.searchParams.set('requestId', requestId);
      const res = await fetch(url, {
        headers: opts.internalToken ? { 'x-internal-token': opts.internalToken } : {},
        signal: AbortSignal.timeout(opts.timeoutMs ?? 5000),
      });
      if (res.status === 404 || res.status === 409) return null;
      if (!res.ok)
        throw new Error(
          `auth answered ${res.status} for the password-reset link of user ${userId}`,
        );
      return verificationLinkResponseSchema.parse(await res.json());
    },
  };
}
export type AuthClient = ReturnType<typeof createAuthClient>;
