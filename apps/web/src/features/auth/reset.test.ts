import { readFileSync } from 'node:fs';
import { MESSAGES, PASSWORD_RESET_PATH } from '@oneeta/contracts';
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

describe('the page a reset link opens', () => {
  it('is the route at PASSWORD_RESET_PATH, the path the e-mailed link names', () => {
    const tree = readFileSync(new URL('../../routeTree.gen.ts', import.meta.url), 'utf8');
    expect(PASSWORD_RESET_PATH).toBe('/auth/reset');
    expect(tree).toContain(`path: '${PASSWORD_RESET_PATH}'`);
    expect(tree).toContain("from './routes/auth_.reset'");
  });
});
