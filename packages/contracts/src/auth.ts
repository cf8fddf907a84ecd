import { z } from 'zod';
import { NAME_MAX_CHARS } from './constants.js';
import { EMAIL_MAX_CHARS, normalizePhone, passwordProblems } from './account-rules.js';
import { MESSAGES } from './messages.js';
import { planSchema } from './plan-schema.js';
import { idSchema, plainName, safeText } from './text.js';

export const emailSchema = z
  .string({ error: MESSAGES.emailRequired })
  .trim()
  .toLowerCase()
  .min(1, MESSAGES.emailRequired)
  .max(EMAIL_MAX_CHARS, MESSAGES.emailInvalid)
  .email({ error: MESSAGES.emailInvalid });

export const newPasswordSchema = z
  .string({ error: MESSAGES.passwordRequired })
  .min(1, MESSAGES.passwordRequired)
  .max(256, 'Password must be at most 256 characters')
  .superRefine((password, ctx) => {
    for (const message of passwordProblems(password)) ctx.addIssue({ code: 'custom', message });
  });

export const displayNameSchema = plainName('Name', { error: MESSAGES.nameEmpty })
  .trim()
  .min(1, MESSAGES.nameEmpty)
  .max(NAME_MAX_CHARS, `Name must be at most ${NAME_MAX_CHARS} characters`);

export const registerBodySchema = z
  .object({
    email: emailSchema,
    password: newPasswordSchema,
    name: safeText('Name')
      .trim()
      .max(NAME_MAX_CHARS, `Name must be at most ${NAME_MAX_CHARS} characters`)
      .nullish()
      .transform((name) => (name ? name : null)),
  })
  .meta({ examples: [{ email: 'ada@example.com', password: 'Correct-horse-9', name: 'Ada' }] });
export type RegisterBody = z.input<typeof registerBodySchema>;

export const loginBodySchema = z
  .object({
    email: emailSchema,
    password: z.string({ error: MESSAGES.passwordRequired }).min(1, MESSAGES.passwordRequired),
  })
  .meta({ examples: [{ email: 'ada@example.com', password: 'Correct-horse-9' }] });
export type LoginBody = z.input<typeof loginBodySchema>;

export const userSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    name: z.string().nullable(),
    plan: planSchema,
    phoneNumber: z.string().nullable(),
    phoneVerified: z.boolean(),
    /** True once the owner followed the signed link sent to this address (reset when it changes). */
    emailVerified: z.boolean(),
    isAdmin: z.boolean(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'User' });
export type User = z.infer<typeof userSchema>;

export const authResponseSchema = z
  .object({ token: z.string(), user: userSchema })
  .meta({ id: 'AuthResponse' });
export type AuthResponse = z.infer<typeof authResponseSchema>;

export const meResponseSchema = z.object({ user: userSchema });

/** POST /api/auth/password: a new password; the current one is required. Answers AuthResponse (a fresh token; every other sign-in ends). */
export const changePasswordBodySchema = z.object({
  currentPassword: z
    .string({ error: MESSAGES.currentPasswordMissing })
    .min(1, MESSAGES.currentPasswordMissing)
    .max(256),
  password: newPasswordSchema,
});
export type ChangePasswordBody = z.input<typeof changePasswordBodySchema>;

/** POST /api/auth/password/forgot: always 202 with the same neutral answer, whether or not the account exists. */
export const forgotPasswordBodySchema = z.object({ email: emailSchema });
export type ForgotPasswordBody = z.input<typeof forgotPasswordBodySchema>;
export const forgotPasswordResponseSchema = z.object({ message: z.string() });

/** POST /api/auth/password/reset: the single-use token from the e-mailed link (valid 30 minutes) and a new password. Answers AuthResponse; every other sign-in ends. */
export const resetPasswordBodySchema = z.object({
  token: z
    .string({ error: MESSAGES.passwordResetTokenRequired })
    .trim()
    .min(1, MESSAGES.passwordResetTokenRequired)
    .max(512),
  password: newPasswordSchema,
});
export type ResetPasswordBody = z.input<typeof resetPasswordBodySchema>;

/** DELETE /api/auth/me: the password confirms it. Answers 204; the account's tokens stop working at once. */
export const deleteMeBodySchema = z.object({
  password: z
    .string({ error: MESSAGES.currentPasswordMissing })
    .min(1, MESSAGES.currentPasswordMissing)
    .max(256),
});
export type DeleteMeBody = z.input<typeof deleteMeBodySchema>;

/**
 * PATCH /api/auth/me: a partial profile. Changing the e-mail needs the current password and makes
 * the address unverified until its new verification link is followed.
 */
export const updateMeBodySchema = z
  .object({
    name: displayNameSchema.optional(),
    email: emailSchema.optional(),
    currentPassword: z.string().max(256).optional(),
  })
  .refine((body) => body.name !== undefined || body.email !== undefined, {
    message: 'Nothing to update: send name or email',
  });
export type UpdateMeBody = z.input<typeof updateMeBodySchema>;

/** POST /api/auth/verify-email: the token of the link sent to the address. */
export const verifyEmailBodySchema = z.object({
  token: z
    .string({ error: MESSAGES.verifyTokenRequired })
    .trim()
    .min(1, MESSAGES.verifyTokenRequired)
    .max(4096, MESSAGES.verifyLinkInvalid),
});
export type VerifyEmailBody = z.input<typeof verifyEmailBodySchema>;

/**
 * The answer to a followed link: the verified address; with a fresh `token` and the `user` when the
 * caller is signed in as that account (whoever holds the link may follow it signed out).
 */
export const verifyEmailResponseSchema = z.object({
  email: z.string(),
  emailVerified: z.literal(true),
  token: z.string().optional(),
  user: userSchema.optional(),
});
export type VerifyEmailResponse = z.infer<typeof verifyEmailResponseSchema>;

/** POST /api/auth/verify-email/resend (202): where the new link went. */
export const resendVerificationResponseSchema = z.object({ sentTo: z.string() });

export const phoneStartBodySchema = z.object({
  phone: safeText('Phone', { error: MESSAGES.phoneInvalid })
    .max(40, MESSAGES.phoneInvalid)
    .transform((phone, ctx) => {
      const normalized = normalizePhone(phone);
      if (!normalized) {
        ctx.addIssue({ code: 'custom', message: MESSAGES.phoneInvalid });
        return z.NEVER;
      }
      return normalized;
    }),
  consent: z.literal(true, { error: MESSAGES.phoneConsentRequired }),
});
export type PhoneStartBody = z.input<typeof phoneStartBodySchema>;

export const phoneVerifyBodySchema = z.object({
  code: safeText('Code', { error: MESSAGES.phoneCodeRequired })
    .trim()
    .min(1, MESSAGES.phoneCodeRequired)
    .max(12, MESSAGES.phoneCodeInvalid),
});

export const phoneStateSchema = z
  .object({
    phoneNumber: z.string().nullable(),
    phoneVerified: z.boolean(),
  })
  .meta({ id: 'PhoneState' });
export type PhoneState = z.infer<typeof phoneStateSchema>;

/** PATCH /api/auth/plan — only a change to free is taken here; billing sets paid plans. */
export const planChangeBodySchema = z.object({ plan: planSchema });

/** PUT /internal/users/:id/plan — billing's route to set any plan. */
export const internalSetPlanBodySchema = z.object({ plan: planSchema });

/**
 * The claims of an access token signed by the auth service. Only `sub` (who) is trusted by other
 * services for rights: plan, role and e-mail are read fresh from the account (see service-kit's
 * account directory), since a token may be up to JWT_TTL_SECONDS old. `exp` is required.
 */
export const tokenClaimsSchema = z.object({
  sub: z.string(),
  exp: z.number().int(),
  email: z.string(),
  emailVerified: z.boolean().optional(),
  name: z.string().nullable().optional(),
  plan: planSchema,
  isAdmin: z.boolean().optional(),
  /** The account's token version when signed: a token older than the account's current version is revoked. */
  tv: z.number().int().nonnegative().optional(),
  /** The sign-in (device) the token belongs to: refreshes keep it; signing out revokes it. */
  sid: z.string().max(100).optional(),
});
export type TokenClaims = z.infer<typeof tokenClaimsSchema>;

/**
 * Which of an account's tokens still work, as every service's account view holds it: tokens whose
 * `tv` is below `version` (password changed or reset, signed out everywhere) and those of a signed-out
 * sign-in (`sid` in `revokedSessions`) are refused.
 */
export const tokenStateSchema = z.object({
  version: z.number().int().nonnegative(),
  revokedSessions: z.array(z.string()),
});
export type TokenState = z.infer<typeof tokenStateSchema>;

/** GET /internal/users/:id: the account and which of its tokens still work. */
export const internalUserResponseSchema = z.object({ user: userSchema, tokens: tokenStateSchema });
export type InternalUserResponse = z.infer<typeof internalUserResponseSchema>;

export const TOKEN_ISSUER = 'oneeta-auth';
export const TOKEN_AUDIENCE = 'oneeta';

export const idParamsSchema = z.object({ id: idSchema('Id', 100) });

/**
 * GET /internal/users/:id/verification-link?email= (auth, for the notification service): a fresh
 * signed link for the account's address while it is still that account's and unverified; 404 when
 * the account is gone, 409 when the address changed or is verified already (nothing to send).
 */
export const verificationLinkQuerySchema = z.object({ email: emailSchema });
export const verificationLinkResponseSchema = z.object({
  email: z.string(),
  name: z.string(),
  link: z.string(),
});
export type VerificationLink = z.infer<typeof verificationLinkResponseSchema>;

/**
 * GET /internal/users/:id/password-reset-link?requestId= (auth, for the notification service): a
 * fresh single-use link for that pending request (only its hash is kept; an earlier link of the same
 * request stops working); 404 when the account is gone, 409 when the request was replaced, used,
 * is older than PASSWORD_RESET_TTL_SECONDS or the address changed (nothing to send).
 */
export const passwordResetLinkQuerySchema = z.object({ requestId: z.string().min(1).max(100) });
