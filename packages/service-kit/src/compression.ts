/**
 * Compressed answers: JSON and text of COMPRESS_MIN_BYTES or more go out as brotli or gzip when the
 * client accepts one (brotli first), with `Vary: Accept-Encoding`. Streams (proxied answers, files)
 * and answers that already carry an encoding pass as they are. A root onSend hook rather than
 * @fastify/compress: services add their routes right after createHttpApp, before a plugin would load.
 */
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyInstance } from 'fastify';

/** Smaller answers go out as they are: compressing them saves less than it costs. */
export const COMPRESS_MIN_BYTES = 1024;
const COMPRESSIBLE = /json|text|javascript|xml|svg/i;
const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export type Encoding = 'br' | 'gzip';

/** The encoding to answer with for an Accept-Encoding header: br, else gzip, unless refused (q=0). */
export function pickEncoding(header: string | string[] | undefined): Encoding | null {
  const accepted = new Map<string, number>();
  for (const part of String(header ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const weight = q ? Number(q.slice(2)) : 1;
    accepted.set(name, Number.isFinite(weight) ? weight : 0);
  }
  const weight = (name: Encoding) => accepted.get(name) ?? accepted.get('*') ?? 0;
  if (weight('br') > 0) return 'br';
  if (weight('gzip') > 0) return 'gzip';
  return null;
}

function addVary(current: unknown): string {
  const value = Array.isArray(current) ? current.join(', ') : String(current ?? '');
  if (/(^|,)\s*(\*|accept-encoding)\s*(,|$)/i.test(value)) return value;
  return value ? `${value}, accept-encoding` : 'accept-encoding';
}

export function addCompression(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    if (reply.hasHeader('content-encoding') || request.method === 'HEAD') return payload;
    if (Buffer.byteLength(payload) < COMPRESS_MIN_BYTES) return payload;
    if (!COMPRESSIBLE.test(String(reply.getHeader('content-type') ?? ''))) return payload;
    reply.header('vary', addVary(reply.getHeader('vary')));
    const encoding = pickEncoding(request.headers['accept-encoding']);
    if (!encoding) return payload;
    const body =
      encoding === 'br'
        ? await brotli(payload, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } })
        : await gzipAsync(payload, { level: 6 });
    reply.header('content-encoding', encoding);
    reply.removeHeader('content-length');
    return body;
  });
}
