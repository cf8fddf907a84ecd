/** Rules of the e-mail tab and the /verify-email page without React. */
import { emailSchema, MESSAGES, type UpdateMeBody } from '@oneeta/contracts';
import { EMAIL_TEXT } from './texts';

export type EmailChangeCheck =
  | { ok: true; body: UpdateMeBody & { email: string; currentPassword: string } }
  | { ok: false; field: 'email' | 'password'; message: string };

/**
 * Before PATCH /api/auth/me: a valid address that differs from the current one, and the current
 * password (the server asks for it too, and counts a wrong one as a failed sign-in).
 */
export function checkEmailChange(
  input: string,
  password: string,
  currentEmail: string,
): EmailChangeCheck {
  const parsed = emailSchema.safeParse(input);
  if (!parsed.success) {
    return {
      ok: false,
      field: 'email',
      message: parsed.error.issues[0]?.message ?? MESSAGES.emailInvalid,
    };
  }
  if (parsed.data === currentEmail.toLowerCase()) {
    return { ok: false, field: 'email', message: EMAIL_TEXT.sameEmail };
  }
  if (password === '')
    return { ok: false, field: 'password', message: MESSAGES.currentPasswordRequired };
  return { ok: true, body: { email: parsed.data, currentPassword: password } };
}

/** Server errors about the password show under the password field; the rest under the e-mail. */
export function emailChangeErrorField(code: string | undefined): 'email' | 'password' {
  return code === 'wrong_password' ||
    code === 'current_password_required' ||
    code === 'rate_limited'
    ? 'password'
    : 'email';
}
