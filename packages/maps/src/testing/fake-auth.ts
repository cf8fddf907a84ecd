/**
 * Auth of the fake Azure Maps: the Entra ID client-credentials token endpoint, and the check every
 * Maps request passes (the subscription key, or a token it issued plus the Maps client id).
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AZURE_MAPS_SCOPE } from '../azure/auth.js';
import { tokenForm } from './fake-requests.js';

export interface FakeCredentials {
  key: string;
  clientId: string;
  tenantId: string;
  appId: string;
  appSecret: string;
}

/** Issued bearer tokens → expiry (epoch ms). */
export type IssuedTokens = Map<string, number>;

export const TOKEN_PATH = /^\/[^/]+\/oauth2\/v2\.0\/token$/;

/** Why a Maps request is not authorised, or null when it is. */
export function authProblem(
  req: FastifyRequest,
  config: FakeCredentials,
  tokens: IssuedTokens,
): string | null {
  const headers = req.headers;
  const queryKey = (req.query as Record<string, unknown>)['subscription-key'];
  if (headers['subscription-key'] === config.key || queryKey === config.key) return null;
  const bearer = /^Bearer (.+)$/.exec(headers.authorization ?? '')?.[1];
  if (!bearer) return 'No subscription-key or bearer token was given, or the key is wrong.';
  const expiresAt = tokens.get(bearer);
  if (expiresAt === undefined || expiresAt <= Date.now())
    return 'The bearer token is unknown or expired.';
  if (headers['x-ms-client-id'] !== config.clientId)
    return 'x-ms-client-id must be the Maps account client id.';
  return null;
}

/** POST /{tenant}/oauth2/v2.0/token answering like Entra ID (`{error, error_description}` on failure). */
export function registerTokenEndpoint(
  app: FastifyInstance,
  config: FakeCredentials,
  tokens: IssuedTokens,
  lifetimeSeconds: number,
): void {
  app.post('/:tenant/oauth2/v2.0/token', async (req, reply) => {
    const tenant = (req.params as { tenant: string }).tenant;
    const form = tokenForm.safeParse(req.body ?? {});
    const entraError = (status: number, error: string, description: string) =>
      reply.code(status).send({ error, error_description: description });
    if (tenant !== config.tenantId) {
      return entraError(400, 'invalid_request', `AADSTS90002: Tenant '${tenant}' not found.`);
    }
    if (
      !form.success ||
      !req.headers['content-type']?.startsWith('application/x-www-form-urlencoded')
    ) {
      return entraError(
        400,
        'invalid_request',
        'The body must be application/x-www-form-urlencoded.',
      );
    }
    const f = form.data;
    if (f.grant_type !== 'client_credentials') {
      return entraError(400, 'unsupported_grant_type', 'Only client_credentials is supported.');
    }
    if (f.client_id !== config.appId || f.client_secret !== config.appSecret) {
      return entraError(
        401,
        'invalid_client',
        'AADSTS7000215: Invalid client secret or client id provided.',
      );
    }
    if (f.scope !== AZURE_MAPS_SCOPE) {
      return entraError(400, 'invalid_scope', `The scope must be ${AZURE_MAPS_SCOPE}.`);
    }
    const accessToken = `fake-token-${randomUUID()}`;
    tokens.set(accessToken, Date.now() + lifetimeSeconds * 1000);
    return {
      token_type: 'Bearer',
      expires_in: lifetimeSeconds,
      ext_expires_in: lifetimeSeconds,
      access_token: accessToken,
    };
  });
}
