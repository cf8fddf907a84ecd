import { COMMUNICATION } from '@oneeta/contracts';
import { isApiError } from '../../api/client';
import { CHAT_UI } from './texts';

/** A chat token as cached for one session. */
export interface CachedToken {
  token: string;
  /** Epoch ms. */
  expiresAt: number;
}

/** When a token answer says it expires (epoch ms); an unreadable `expiresOn` gets the default cached expiry. */
export function expiryOf(expiresOn: string | undefined, now: number): number {
  const at = expiresOn ? Date.parse(expiresOn) : Number.NaN;
  return Number.isFinite(at) ? at : now + COMMUNICATION.defaultCachedExpiryMs;
}

/** A cached token is reused while more than the reuse margin (30 s) remains. */
export function reusable(cached: CachedToken | undefined, now: number): boolean {
  return cached !== undefined && cached.expiresAt - now > COMMUNICATION.tokenReuseMarginMs;
}

/** How long until the token is refreshed: 10 minutes before it expires (at once when that is past). */
export function refreshDelay(expiresAt: number, now: number): number {
  return Math.max(0, expiresAt - COMMUNICATION.tokenRefreshBeforeExpiryMs - now);
}

/**
 * Runs `fetchToken` up to COMMUNICATION.tokenFetchRetries times; after the last failure it throws
 * the last error (the caller shows 'Failed to get token' unless the server said something better).
 */
export async function withRetries<T>(
  fetchToken: () => Promise<T>,
  shouldRetry: (error: unknown) => boolean = () => true,
  pause: (attempt: number) => Promise<void> = (attempt) =>
    new Promise((resolve) => setTimeout(resolve, 300 * attempt)),
): Promise<T> {
  let last: unknown;
  for (let attempt = 1; attempt <= COMMUNICATION.tokenFetchRetries; attempt += 1) {
    try {
      return await fetchToken();
    } catch (error) {
      last = error;
      if (!shouldRetry(error) || attempt === COMMUNICATION.tokenFetchRetries) break;
      await pause(attempt);
    }
  }
  throw last;
}

/** The per-session token cache of this tab (document 2 §4 "Token caching"). */
export function createTokenCache<T extends CachedToken>() {
  const bySession = new Map<string, T>();
  return {
    get(sessionId: string, now: number): T | undefined {
      const cached = bySession.get(sessionId);
      return reusable(cached, now) ? cached : undefined;
    },
    set(sessionId: string, value: T) {
      bySession.set(sessionId, value);
    },
    drop(sessionId: string) {
      bySession.delete(sessionId);
    },
  };
}

/** Whether asking for a token again may help: no answer or a server failure (not a refusal). */
export function tokenRetryable(error: unknown): boolean {
  return !isApiError(error) || error.status === 0 || error.status >= 500;
}

/** An answer without a token (document 2 §5: 'No token in response'). */
export class NoTokenError extends Error {
  override readonly name = 'NoTokenError';
  constructor() {
    super(CHAT_UI.noTokenInResponse);
  }
}

/**
 * What the connect panel says when connecting failed: the server's sentence of a refusal (403 not
 * a member, 404), 'No token in response', else — after the 3 tries — 'Failed to get token'.
 */
export function connectErrorText(error: unknown): string {
  if (error instanceof NoTokenError) return error.message;
  if (isApiError(error) && !tokenRetryable(error)) return error.message;
  return CHAT_UI.failedToGetToken;
}
