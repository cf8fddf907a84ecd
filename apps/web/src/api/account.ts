/**
 * The account-control calls of the auth service: change, forget and reset the password, sign out
 * here or everywhere, delete the account and download its data. Bodies and answers are the
 * contracts' (auth.ts).
 */
import type {
  ChangePasswordBody,
  DeleteMeBody,
  ForgotPasswordBody,
  ResetPasswordBody,
} from '@oneeta/contracts';
import { apiRequest } from './client';
import { clearToken, getToken } from './token';

/** The default error of each call, when the server gives none (ours: the spec words none). */
export const ACCOUNT_CALL_ERRORS = {
  changePasswordFailed: 'Could not change your password',
  forgotFailed: 'Could not send the link. Try again in a moment.',
  resetFailed: 'Could not set your new password',
  signOutFailed: 'Could not sign out',
  signOutEverywhereFailed: 'Could not sign out everywhere. Try again in a moment.',
  deleteFailed: 'Could not delete your account',
  exportFailed: 'Could not download your data',
} as const;

/**
 * POST /api/auth/password { currentPassword, password } → { token, user }: this device stays signed
 * in with the new token, every other sign-in ends.
 */
export function changePassword(body: ChangePasswordBody) {
  return apiRequest('/api/auth/password', {
    method: 'POST',
    body,
    schema: 'authResponseSchema',
    fallbackError: ACCOUNT_CALL_ERRORS.changePasswordFailed,
    auth: 'required',
  });
}

/** POST /api/auth/password/forgot { email } → 202 { message }: the same answer whether or not the account exists. */
export function forgotPassword(body: ForgotPasswordBody) {
  return apiRequest('/api/auth/password/forgot', {
    method: 'POST',
    body,
    schema: 'forgotPasswordResponseSchema',
    fallbackError: ACCOUNT_CALL_ERRORS.forgotFailed,
    auth: 'none',
  });
}

/** POST /api/auth/password/reset { token, password } → { token, user } (signed in); the link works once. */
export function resetPassword(body: ResetPasswordBody) {
  return apiRequest('/api/auth/password/reset', {
    method: 'POST',
    body,
    schema: 'authResponseSchema',
    fallbackError: ACCOUNT_CALL_ERRORS.resetFailed,
    auth: 'none',
  });
}

/** POST /api/auth/logout → 204: this token stops working. */
export function logout() {
  return apiRequest('/api/auth/logout', {
    method: 'POST',
    schema: 'anyAnswer',
    fallbackError: ACCOUNT_CALL_ERRORS.signOutFailed,
    auth: 'required',
  });
}

/**
 * Signing out on this device: the server ends the token first (so a copy of it stops working too),
 * then it is removed here, also when the call failed (offline, already ended).
 */
export async function signOutHere(): Promise<void> {
  if (getToken()) await logout().catch(() => undefined);
  clearToken();
}

/** POST /api/auth/logout-all → 204: every token of the account stops working, this one too. */
export function logoutAll() {
  return apiRequest('/api/auth/logout-all', {
    method: 'POST',
    schema: 'anyAnswer',
    fallbackError: ACCOUNT_CALL_ERRORS.signOutEverywhereFailed,
    auth: 'required',
  });
}

/** DELETE /api/auth/me { password } → 204: the account and its data are gone, its tokens stop at once. */
export function deleteAccount(body: DeleteMeBody) {
  return apiRequest('/api/auth/me', {
    method: 'DELETE',
    body,
    schema: 'anyAnswer',
    fallbackError: ACCOUNT_CALL_ERRORS.deleteFailed,
    auth: 'required',
  });
}

/** GET /api/auth/me/export → the account's data as JSON (kept as the server wrote it). */
export function exportMyData(): Promise<unknown> {
  return apiRequest('/api/auth/me/export', {
    schema: 'anyAnswer',
    fallbackError: ACCOUNT_CALL_ERRORS.exportFailed,
    auth: 'required',
  });
}
