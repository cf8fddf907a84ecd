import { HttpError, type TokenVerifier } from '@oneeta/service-kit';
import type { ErrorFrame, Logger } from './ws-checks.js';

/** One socket's subscription to one session, with the token it subscribed with. */
export interface Subscription<S> {
  socket: S;
  sessionId: string;
  token: string;
}

/** A subscription whose token no longer holds, with the error frame its socket is sent. */
export interface Refused<S> extends Subscription<S> {
  frame: ErrorFrame;
}

/**
 * Verifies each distinct token of `subscriptions` once more against the current account (signed out,
 * signed out everywhere, password changed or reset, account deleted) and returns the subscriptions
 * whose token is refused now (a 401), each with the error frame saying why. When the check itself
 * fails (auth or the account view out of reach) the subscriptions stay: the next sweep asks again.
 */
export async function refusedSubscriptions<S>(
  subscriptions: Subscription<S>[],
  verify: TokenVerifier,
  log?: Logger,
): Promise<Refused<S>[]> {
  const verdicts = new Map<string, Promise<HttpError | null>>();
  const verdictOf = (token: string) => {
    let verdict = verdicts.get(token);
    if (!verdict) {
      verdict = verify(token).then(
        () => null,
        (err: unknown) => {
          if (err instanceof HttpError && err.statusCode === 401) return err;
          log?.warn({ err }, 'token re-check failed');
          return null;
        },
      );
      verdicts.set(token, verdict);
    }
    return verdict;
  };
  const checked = await Promise.all(
    subscriptions.map(async (s) => ({ s, refusal: await verdictOf(s.token) })),
  );
  return checked.flatMap(({ s, refusal }) =>
    refusal
      ? [
          {
            ...s,
            frame: {
              type: 'error',
              error: refusal.message,
              code: refusal.code ?? 'token_revoked',
              sessionId: s.sessionId,
            },
          },
        ]
      : [],
  );
}
