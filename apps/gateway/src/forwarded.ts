import type { IncomingHttpHeaders } from 'node:http';

/** What the gateway reads from a request (a FastifyRequest fits, over HTTP/1 or HTTP/2). */
export interface ForwardedRequest {
  id: string;
  headers: IncomingHttpHeaders;
  raw: { socket: { remoteAddress?: string | undefined; encrypted?: boolean } };
}

/**
 * The client's address chain, nearest hop last: X-Forwarded-For entries written by the
 * `trustedHops` proxies in front of the gateway, then the socket peer. Entries further left were
 * written by the client itself and are dropped, so nobody can pick their own IP (rate limits and
 * the services' per-IP limits rely on it).
 */
export function forwardedChain(request: ForwardedRequest, trustedHops: number): string[] {
  const peer = request.raw.socket.remoteAddress ?? 'unknown';
  if (trustedHops === 0) return [peer];
  const header = request.headers['x-forwarded-for'];
  const listed = (Array.isArray(header) ? header.join(',') : (header ?? ''))
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  return [...listed.slice(-trustedHops), peer];
}

/** The client's IP as the gateway sees it (the left end of the trusted chain). */
export function clientIp(request: ForwardedRequest, trustedHops: number): string {
  return forwardedChain(request, trustedHops)[0]!;
}

function firstValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/**
 * Headers for the upstream: the request id, x-forwarded-* rebuilt from what the gateway trusts,
 * and never a client-supplied x-internal-token. Authorization passes through untouched.
 */
export function upstreamHeaders(
  request: ForwardedRequest,
  headers: IncomingHttpHeaders,
  trustedHops: number,
): IncomingHttpHeaders {
  const trusted = trustedHops > 0;
  const encrypted = request.raw.socket.encrypted === true;
  const proto =
    (trusted && firstValue(request.headers['x-forwarded-proto'])) || (encrypted ? 'https' : 'http');
  const host = (trusted && firstValue(request.headers['x-forwarded-host'])) || request.headers.host;
  const next: IncomingHttpHeaders = {
    ...headers,
    'x-request-id': request.id,
    'x-forwarded-for': forwardedChain(request, trustedHops).join(', '),
    'x-forwarded-proto': proto,
  };
  if (host) next['x-forwarded-host'] = host;
  else delete next['x-forwarded-host'];
  delete next['x-internal-token'];
  delete next.forwarded;
  return next;
}
