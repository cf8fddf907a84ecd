import { createHash, randomBytes } from 'node:crypto';
import { PASSWORD_RESET_PATH, PASSWORD_RESET_TTL_SECONDS } from '@oneeta/contracts';

/** A new reset token (256 random bits) and the hash that is all auth keeps of it. */
export function newResetToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: resetTokenHash(token) };
}

export const resetTokenHash = (token: string) =>
  createHash('sha256').update(token, 'utf8').digest('hex');

export const resetLink = (publicUrl: string, token: string) =>
  `${publicUrl}${PASSWORD_RESET_PATH}?token=${encodeURIComponent(token)}`;

/** A request still gets a link while younger than a link's own lifetime (a late e-mail sends nothing). */
export const requestStillFresh = (requestedAt: Date, now = new Date()) =>
  now.getTime() - requestedAt.getTime() < PASSWORD_RESET_TTL_SECONDS * 1000;

/** The link expires PASSWORD_RESET_TTL_SECONDS after it was made. */
export const linkExpiry = (now = new Date()) =>
  new Date(now.getTime() + PASSWORD_RESET_TTL_SECONDS * 1000);
