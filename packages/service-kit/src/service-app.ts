import type { AccountLookup, Guards, TokenVerifier } from './auth.js';
import { createGuards, createTokenVerifier, jwksUrlOf } from './auth.js';
import { createHttpApp, type App, type ReadinessCheck } from './http.js';
import { registerOpenApi } from './openapi.js';

export interface ServiceAppOptions {
  /** Service name, used in logs, metrics and its API document. */
  name: string;
  config: { LOG_LEVEL: string; AUTH_URL: string; INTERNAL_TOKEN?: string | undefined };
  /** Named checks for /readyz (db, redis…). */
  readiness: Record<string, ReadinessCheck>;
  /** The caller's current account (createAccountDirectory's get): rights come from it, never from the token. */
  accounts: AccountLookup;
  /** Checks tokens (default: the auth service's JWKS at AUTH_URL). */
  verifier?: TokenVerifier | undefined;
}

/** What every service's buildApp takes for its guards (its deps interface extends this). */
export type ServiceAppDeps = Pick<ServiceAppOptions, 'accounts' | 'verifier'>;

/**
 * A service's HTTP app as every service but auth opens it: the kit's app, the guards over the
 * current account and INTERNAL_TOKEN, and the OpenAPI document its routes describe themselves in
 * (served on /internal/openapi.json). Register routes on `app` after this.
 */
export async function createServiceApp(
  options: ServiceAppOptions,
): Promise<{ app: App; guards: Guards }> {
  const { name, config } = options;
  const app = createHttpApp({ name, logLevel: config.LOG_LEVEL, readiness: options.readiness });
  const guards = createGuards({
    verify: options.verifier ?? createTokenVerifier({ jwksUrl: jwksUrlOf(config.AUTH_URL) }),
    accounts: options.accounts,
    internalToken: config.INTERNAL_TOKEN,
  });
  await registerOpenApi(app, { name, guard: guards.requireInternal });
  return { app, guards };
}
