/** Phone verification rules of the profile page without React (doc 1 §5 Profile, §8 Accounts). */
import { displayNameSchema, MESSAGES, normalizePhone } from '@oneeta/contracts';

export { normalizePhone };

export type PhoneStartCheck =
  { ok: true; phone: string } | { ok: false; field: 'phone' | 'consent'; message: string };

/**
 * Before a code is sent: the number must have 10 digits, or 11 starting with 1 (normalised to
 * +1 and 10 digits), and the consent box must be ticked.
 */
export function checkPhoneStart(input: string, consent: boolean): PhoneStartCheck {
  const phone = normalizePhone(input);
  if (!phone) return { ok: false, field: 'phone', message: MESSAGES.phoneInvalid };
  if (!consent) return { ok: false, field: 'consent', message: MESSAGES.phoneConsentRequired };
  return { ok: true, phone };
}

export type PhoneCodeCheck = { ok: true; code: string } | { ok: false; message: string };

/** The verification code must be non-empty. */
export function checkPhoneCode(input: string): PhoneCodeCheck {
  const code = input.trim();
  return code === '' ? { ok: false, message: MESSAGES.phoneCodeRequired } : { ok: true, code };
}

/** Phone errors that mention the phone, the code or invalid input show under the field; others as a banner. */
export function phoneErrorPlacement(message: string): 'field' | 'banner' {
  return /phone|code|invalid/i.test(message) ? 'field' : 'banner';
}

/** Display names must not be empty (doc 1 §5; the contract's schema also caps the length). */
export function checkDisplayName(
  input: string,
): { ok: true; name: string } | { ok: false; message: string } {
  const parsed = displayNameSchema.safeParse(input);
  if (parsed.success) return { ok: true, name: parsed.data };
  return { ok: false, message: parsed.error.issues[0]?.message ?? MESSAGES.nameEmpty };
}
