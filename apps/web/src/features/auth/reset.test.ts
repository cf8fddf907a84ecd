import { MESSAGES } from '@oneeta/contracts';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/client';
import { isResetLinkRefused } from './reset';

describe('a refused reset link', () => {
  it("is the server's 400 saying the link is invalid, expired or without its token", () => {
    expect(isResetLinkRefused(new ApiError(MESSAGES.passwordResetInvalid, 400))).toBe(true);
    expect(isResetLinkRefused(new ApiError(MESSAGES.passwordResetTokenRequired, 400))).toBe(true);
  });

  it('is not a password the rules refuse, a network failure or a server error (the link may still work)', () => {
    expect(isResetLinkRefused(new ApiError(MESSAGES.passwordSymbol, 400))).toBe(false);
    expect(isResetLinkRefused(new ApiError('Could not set your new password', 0))).toBe(false);
    expect(isResetLinkRefused(new ApiError(MESSAGES.passwordResetInvalid, 500))).toBe(false);
    expect(isResetLinkRefused(new Error(MESSAGES.passwordResetInvalid))).toBe(false);
  });
});
