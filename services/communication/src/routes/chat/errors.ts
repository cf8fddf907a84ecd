import {
  describeIssue,
  HttpError,
  isUnavailableError,
  RETRY_AFTER_SECONDS,
} from '@oneeta/service-kit';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { badRequest, CHAT_ERROR_CODES, ChatApiError, notFound } from '../../domain/errors.js';

/**
 * Every refusal of the chat API in its own shape, `{ error: { code, message, … } }`, with ACS's
 * status codes: its own refusals, the kit's (the account view unreachable: 503), invalid requests
 * (400 naming the field), an unavailable dependency (503 with Retry-After) and anything else (500).
 */
export function chatErrorHandler(
  error: FastifyError | ChatApiError,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  if (error instanceof ChatApiError)
    return reply.status(error.statusCode).headers(error.headers).send(error.body());
  if (error instanceof HttpError) {
    if (error.headers) reply.headers(error.headers);
    return reply
      .status(error.statusCode)
      .send(
        new ChatApiError(
          error.statusCode,
          CHAT_ERROR_CODES[error.statusCode] ?? 'BadRequest',
          error.message,
        ).body(),
      );
  }
  if ('validation' in error && error.validation?.length) {
    const first = error.validation[0]!;
    const path = first.instancePath.split('/').filter(Boolean);
    const message = describeIssue(path, first.message ?? 'Invalid request');
    return reply.status(400).send(badRequest(message, path.join('.') || undefined).body());
  }
  const status = error.statusCode ?? 500;
  if (status < 500) {
    const code = CHAT_ERROR_CODES[status] ?? 'BadRequest';
    const message =
      error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
        ? 'The request body is not valid JSON.'
        : error.message;
    return reply.status(status).send(new ChatApiError(status, code, message).body());
  }
  if (isUnavailableError(error)) {
    request.log.warn({ err: error }, 'dependency unavailable');
    return reply
      .status(503)
      .header('retry-after', String(RETRY_AFTER_SECONDS))
      .send(
        new ChatApiError(
          503,
          'ServiceUnavailable',
          'The service is temporarily unavailable. Try again in a few seconds.',
        ).body(),
      );
  }
  request.log.error({ err: error }, 'chat request failed');
  return reply
    .status(500)
    .send(new ChatApiError(500, 'InternalServerError', 'Something went wrong.').body());
}

/** An unknown /chat path: 404 in the chat API's shape. */
export function chatNotFound(request: FastifyRequest, reply: FastifyReply) {
  reply
    .status(404)
    .send(notFound(`No route for ${request.method} ${request.url.split('?')[0]}`).body());
}
