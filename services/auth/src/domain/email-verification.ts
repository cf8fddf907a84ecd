export const VERIFY_EMAIL_PURPOSE = 'verify-email';
/** A verification link works for 24 hours. */
export const VERIFY_EMAIL_TTL_SECONDS = 24 * 3600;

/** The web app's page that posts the token back: `${PUBLIC_URL}/verify-email?token=…`. */
export function verificationLink(publicUrl: string, token: string): string {
  const url = new URL('/verify-email', `${publicUrl}/`);
  url.searchParams.set('token', token);
  return url.toString();
}

/** A link proves the address it was sent to, so it counts only while that is still the account's. */
export const linkMatchesAccount = (linkEmail: string, accountEmail: string): boolean =>
  linkEmail.toLowerCase() === accountEmail.toLowerCase();
