import {
  createAccountDirectory,
  createTokenVerifier,
  currentAccountVerifier,
  jwksUrlOf,
  type AccountLookup,
  type TokenVerifier,
} from '@oneeta/service-kit';
import type { Redis } from 'ioredis';
import type { GatewayConfig } from './config.js';

export interface WsVerifierDeps {
  config: GatewayConfig;
  redis: Redis;
  /** Access-token check (default: the auth service's JWKS at AUTH_URL). */
  verifier?: TokenVerifier | undefined;
  /** The current account (default: the account view under REDIS_PREFIX, auth asked on a miss). */
  accounts?: AccountLookup | undefined;
}

/**
 * The /ws token check: the token's signature and expiry say who connects; their current account
 * (plan, admin rights, e-mail and whether it is verified) is what the hub uses, so the admin bypass
 * and the e-mail sent for membership never come from a token's old copy. An account that no longer
 * exists, or a token its account revoked (signed out, password changed or reset: the view's token
 * state), is refused; when auth cannot answer, the subscribe is refused for now.
 */
export function wsVerifier({ config, redis, verifier, accounts }: WsVerifierDeps): TokenVerifier {
  const verify = verifier ?? createTokenVerifier({ jwksUrl: jwksUrlOf(config.AUTH_URL) });
  const lookup =
    accounts ??
    createAccountDirectory({
      redis,
      prefix: config.REDIS_PREFIX,
      authUrl: config.AUTH_URL,
      internalToken: config.INTERNAL_TOKEN,
    }).get;
  return currentAccountVerifier(verify, lookup);
}
