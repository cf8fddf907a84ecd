import { MESSAGES } from '@oneeta/contracts';
import { ApiError } from '../../../api/client';
import { SESSION_SPEC, SESSION_UI } from '../texts';

const BAR_BASE_PX = 10;
const BAR_STEP_PX = 8;
const BAR_MAX_PX = 80;

/** Matrix-usage bar height: the lesser of 80 and 10 + 8 × count (doc 1 §9). */
export function usageBarHeight(count: number): number {
  return Math.min(BAR_MAX_PX, BAR_BASE_PX + BAR_STEP_PX * Math.max(0, count));
}

/**
 * Audit and usage failures (doc 1 §6): no token or 401 → 'Sign in to view audit logs'; 403 →
 * 'You are not authorized to view logs for this session'; anything else (the admin service not
 * there yet: 404, 502) → our 'Could not load …'.
 */
export function ownerToolError(error: unknown, fallback: string): string {
  if (error instanceof ApiError) {
    if (error.status === 401) return MESSAGES.auditSignIn;
    if (error.status === 403) return MESSAGES.auditForbidden;
  }
  return fallback;
}

export const auditError = (error: unknown) => ownerToolError(error, SESSION_UI.auditLoadFailed);
export const usageError = (error: unknown) => ownerToolError(error, SESSION_UI.usageLoadFailed);

/** Close failures: 401 'Please sign in again', 403 'Only the author can close this session', else 'Could not close session'. */
export function closeError(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 401) return MESSAGES.closeSignInAgain;
    if (error.status === 403) return MESSAGES.closeOnlyAuthor;
  }
  return SESSION_SPEC.couldNotCloseSession;
}

/** A UTC hour label: '2026-07-01T18' or an ISO instant → 'Jul 1, 18:00 UTC'. */
export function hourLabel(dateHour: string): string {
  const iso = /^\d{4}-\d{2}-\d{2}T\d{2}$/.test(dateHour) ? `${dateHour}:00:00Z` : dateHour;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return dateHour;
  const day = date.toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
  return `${day}, ${String(date.getUTCHours()).padStart(2, '0')}:00 UTC`;
}

/** A short text of an audit entry's request or result record. */
export function describeRecord(record: Record<string, unknown>): string {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(record)) {
    if (value === null || value === undefined) continue;
    if (typeof value === 'object') {
      const nested = describeRecord(value as Record<string, unknown>);
      if (nested) parts.push(`${key}: ${nested}`);
    } else parts.push(`${key}: ${String(value)}`);
  }
  return parts.join(', ');
}
