import {
  MESSAGES,
  type LoginBody,
  type Plan,
  type RegisterBody,
  type UpdateMeBody,
  type User,
} from '@oneeta/contracts';
import { queryOptions } from '@tanstack/react-query';
import { SPEC } from '../text';
import { apiRequest } from './client';
import { queryKeys } from './query-keys';

/** doc 1 §8 "Invite page": the invite page's default text of a failed registration. */
export const INVITE_REGISTRATION_FAILED = 'Registration failed';

/**
 * POST /api/auth/register → { token, user }; default error 'Register failed' (the invite page
 * passes its own, INVITE_REGISTRATION_FAILED).
 */
export function register(body: RegisterBody, fallbackError: string = MESSAGES.registerFailed) {
  return apiRequest('/api/auth/register', {
    method: 'POST',
    body,
    schema: 'authResponseSchema',
    fallbackError,
    auth: 'none',
  });
}

/** POST /api/auth/login → { token, user }; default error 'Login failed'. */
export function login(body: LoginBody) {
  return apiRequest('/api/auth/login', {
    method: 'POST',
    body,
    schema: 'authResponseSchema',
    fallbackError: MESSAGES.loginFailed,
    auth: 'none',
  });
}

/** GET /api/auth/me → { user }. */
export function getMe(signal?: AbortSignal) {
  return apiRequest('/api/auth/me', {
    schema: 'meResponseSchema',
    fallbackError: MESSAGES.authFailed,
    auth: 'required',
    ...(signal ? { signal } : {}),
  });
}

/**
 * PATCH /api/auth/me { name?, email?, currentPassword? } → { token, user }; default error 'Update failed'.
 * A new e-mail needs the current password and is unverified until its link is followed.
 */
export function updateMe(body: UpdateMeBody) {
  return apiRequest('/api/auth/me', {
    method: 'PATCH',
    body,
    schema: 'authResponseSchema',
    fallbackError: MESSAGES.updateFailed,
    auth: 'required',
  });
}

/** POST /api/auth/me/phone { phone, consent } → { phoneNumber, phoneVerified }. */
export function startPhoneVerification(phone: string, consent: boolean) {
  return apiRequest('/api/auth/me/phone', {
    method: 'POST',
    body: { phone, consent },
    schema: 'phoneStateSchema',
    fallbackError: MESSAGES.startVerificationFailed,
    auth: 'required',
  });
}

/** POST /api/auth/me/phone/verify { code } → { phoneNumber, phoneVerified }. */
export function verifyPhone(code: string) {
  return apiRequest('/api/auth/me/phone/verify', {
    method: 'POST',
    body: { code },
    schema: 'phoneStateSchema',
    fallbackError: MESSAGES.verifyCodeFailed,
    auth: 'required',
  });
}

/** DELETE /api/auth/me/phone → { phoneNumber, phoneVerified }. */
export function removePhone() {
  return apiRequest('/api/auth/me/phone', {
    method: 'DELETE',
    schema: 'phoneStateSchema',
    fallbackError: MESSAGES.removePhoneFailed,
    auth: 'required',
  });
}

/** PATCH /api/auth/plan { plan } → { token, user } (the change to free; paid plans go through checkout). */
export function changePlan(plan: Plan) {
  return apiRequest('/api/auth/plan', {
    method: 'PATCH',
    body: { plan },
    schema: 'authResponseSchema',
    fallbackError: SPEC.planUpdateFailed,
    auth: 'required',
  });
}

/**
 * POST /api/auth/refresh → { token, user }: a fresh token with the account's current claims, e.g.
 * after a checkout changed the plan (issue 18), so the new limits apply without signing in again.
 */
export function refreshToken() {
  return apiRequest('/api/auth/refresh', {
    method: 'POST',
    schema: 'authResponseSchema',
    fallbackError: MESSAGES.authFailed,
    auth: 'required',
  });
}

/**
 * POST /api/auth/verify-email { token } (the token of the e-mailed link) → { email, emailVerified,
 * token?, user? }; the token and user come back when signed in as that account.
 */
export function verifyEmail(token: string) {
  return apiRequest('/api/auth/verify-email', {
    method: 'POST',
    body: { token },
    schema: 'verifyEmailResponseSchema',
    fallbackError: MESSAGES.verifyEmailFailed,
    auth: 'optional',
  });
}

/** POST /api/auth/verify-email/resend → { sentTo }: a new link to the current address. */
export function resendVerification() {
  return apiRequest('/api/auth/verify-email/resend', {
    method: 'POST',
    schema: 'resendVerificationResponseSchema',
    fallbackError: MESSAGES.resendVerificationFailed,
    auth: 'required',
  });
}

/**
 * The current user from GET /api/auth/me for `token`, or null (the call failed: reading the current
 * user "returns nothing on failure", doc 1 §4). A rejected token (401) is forgotten.
 */
export const meQuery = (token: string | null) =>
  queryOptions({
    queryKey: queryKeys.me(token),
    enabled: token !== null,
    queryFn: async ({ signal }): Promise<User | null> => {
      try {
        return (await getMe(signal)).user;
      } catch (error) {
        // A rejected token (401) was forgotten by apiRequest already.
        if (signal.aborted) throw error;
        return null;
      }
    },
    staleTime: 60_000,
  });
