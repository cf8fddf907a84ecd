import type { IncomingHttpHeaders } from 'node:http';

/**
 * What the gateway reads from a request: a FastifyRequest, whose ip, ips, protocol and host read
 * X-Forwarded-For/-Proto/-Host only through the peers TRUST_PROXY names.
 */
export interface ForwardedRequest {
  id: string;
  /** The client: the first untrusted address from the right of the socket peer's chain. */
  ip: string;
  /** The socket peer, then each trusted proxy's entry back to the client (unset: none trusted). */
  ips?: string[] | undefined;
  protocol: string;
  host: string;
}

/**
 * Headers for the upstream: the request id, x-forwarded-* rebuilt from what the gateway trusts
 * (X-Forwarded-For: the client, then each trusted proxy; entries written further left, by the
 * client itself, are dropped so nobody picks their own IP for the services' per-IP limits), and
 * never a client-supplied x-internal-token. Authorization passes through untouched.
 */
export function upstreamHeaders(
  request: ForwardedRequest,
  headers: IncomingHttpHeaders,
): IncomingHttpHeaders {
  const chain = request.ips ? [...request.ips].reverse() : [request.ip];
  const next: IncomingHttpHeaders = {
    ...headers,
    'x-request-id': request.id,
    'x-forwarded-for': chain.join(', '),
    'x-forwarded-proto': request.protocol,
  };
  if (request.host) next['x-forwarded-host'] = request.host;
  else delete next['x-forwarded-host'];
  delete next['x-internal-token'];
  delete next.forwarded;
  return next;
}
