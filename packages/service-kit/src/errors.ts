import type { z } from 'zod';

/** Throw from a route or domain code; the kit answers `{ error, code? }` with the status. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly code?: string,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string, code?: string) => new HttpError(400, message, code);
export const unauthorized = (message: string, code?: string) => new HttpError(401, message, code);
export const forbidden = (message: string, code?: string) => new HttpError(403, message, code);
export const notFound = (message: string, code?: string) => new HttpError(404, message, code);
export const conflict = (message: string, code?: string) => new HttpError(409, message, code);

const ZOD_DEFAULT = /^(Invalid (input|option|string|key|element|value|format)|Too (small|big)|Unrecognized key)/;

/**
 * One human sentence for a validation failure: our schemas carry the spec's own messages; zod's
 * defaults get the field name in front so the reader knows what to fix.
 */
export function describeIssue(path: readonly PropertyKey[], message: string): string {
  const field = path.map(String).join('.');
  return field && ZOD_DEFAULT.test(message) ? `${field}: ${message}` : message;
}

export function describeZodError(error: z.ZodError): string {
  const first = error.issues[0];
  return first ? describeIssue(first.path, first.message) : 'Invalid request';
}
