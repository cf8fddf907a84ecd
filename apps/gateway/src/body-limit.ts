import { Transform, type TransformCallback } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { HttpError } from '@oneeta/service-kit';

export const BODY_TOO_LARGE = 'Request body is too large';

const tooLarge = () => new HttpError(413, BODY_TOO_LARGE, 'body_too_large');
const OVER = Symbol('bodyOverLimit');

type Marked = { [OVER]?: boolean };

/**
 * The gateway's own body limit on proxied requests (the proxy streams bodies unparsed, so
 * Fastify's limit does not apply): a declared content-length over the limit is refused with 413
 * before anything goes upstream; a body without one (chunked) is counted while it streams, and
 * the upload is cut at the limit (the proxy's error handler then answers 413, see `cutAtLimit`).
 */
export function limitBody(request: FastifyRequest, limit: number): void {
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) throw tooLarge();
  const body = request.body as NodeJS.ReadableStream | undefined;
  if (!body || typeof body.pipe !== 'function') return;
  let seen = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done: TransformCallback) {
      seen += chunk.length;
      if (seen > limit) {
        (request as Marked)[OVER] = true;
        done(tooLarge());
        return;
      }
      done(null, chunk);
    },
  });
  body.on('error', (err) => counter.destroy(err));
  request.body = body.pipe(counter);
}

/** True when this request's upload was cut at the limit (its proxy failure is a 413, not a 502). */
export function cutAtLimit(request: object): boolean {
  return (request as Marked)[OVER] === true;
}
