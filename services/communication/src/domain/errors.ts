import type { ChatError } from '@oneeta/contracts';

/**
 * A refused chat call, answered in the chat API's own shape: `{ error: { code, message, target?,
 * details?, innererror? } }` with ACS's status codes (400 BadRequest, 401 Unauthorized, 403
 * Forbidden, 404 NotFound, 409 Conflict, 429 TooManyRequests, 503 ServiceUnavailable).
 */
export class ChatApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly extra: Pick<ChatError, 'target' | 'details' | 'innererror'> = {},
    /** Response headers (Retry-After on 429 and 503). */
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'ChatApiError';
  }

  body(): { error: ChatError } {
    return { error: { code: this.code, message: this.message, ...this.extra } };
  }
}

export const CHAT_ERROR_CODES: Readonly<Record<number, string>> = {
  400: 'BadRequest',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'NotFound',
  409: 'Conflict',
  413: 'RequestEntityTooLarge',
  415: 'UnsupportedMediaType',
  429: 'TooManyRequests',
  500: 'InternalServerError',
  501: 'NotImplemented',
  503: 'ServiceUnavailable',
};

export const badRequest = (message: string, target?: string) =>
  new ChatApiError(400, 'BadRequest', message, target ? { target } : {});
export const unauthorized = (message = 'Access token is missing, invalid or expired.') =>
  new ChatApiError(401, 'Unauthorized', message);
export const forbidden = (message = 'Permission denied to perform this action.') =>
  new ChatApiError(403, 'Forbidden', message);
export const notFound = (message: string, target?: string) =>
  new ChatApiError(404, 'NotFound', message, target ? { target } : {});
