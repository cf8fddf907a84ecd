import { bearerToken } from '@oneeta/service-kit';
import type { FastifyRequest } from 'fastify';
import { decodeJwt } from 'jose';

/**
 * The sign-in id (`sid`) of the request's bearer token. Only after a guard verified that token:
 * this reads its claims without checking the signature again.
 */
export function tokenSessionId(request: FastifyRequest): string | undefined {
  const token = bearerToken(request.headers.authorization);
  if (!token) return undefined;
  const { sid } = decodeJwt(token);
  return typeof sid === 'string' ? sid : undefined;
}
