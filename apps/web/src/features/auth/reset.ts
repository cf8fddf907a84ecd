import { MESSAGES } from '@oneeta/contracts';
import { isApiError } from '../../api/client';

/**
 * Whether a failed reset means the link itself is refused (used, expired, unknown or missing its
 * token), so the page offers a new link rather than another try with the same one.
 */
export function isResetLinkRefused(error: unknown): boolean {
  return (
    isApiError(error, 400) &&
    (error.message === MESSAGES.passwordResetInvalid ||
      error.message === MESSAGES.passwordResetTokenRequired)
  );
}
