/** Where /auth goes after success when no `next` is given (doc 1 §2). */
export const DEFAULT_NEXT = '/sessions';

/**
 * A same-site path to go to after signing in: it must start with one '/', so a crafted
 * `next=//evil.example` or `next=https://…` falls back to the default.
 */
export function safeNextPath(next: unknown): string {
  if (typeof next !== 'string') return DEFAULT_NEXT;
  const trimmed = next.trim();
  if (!trimmed.startsWith('/') || trimmed.startsWith('//') || trimmed.startsWith('/\\')) {
    return DEFAULT_NEXT;
  }
  return trimmed;
}
