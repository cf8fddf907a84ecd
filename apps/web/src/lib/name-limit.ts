import { format, NAME_MAX_CHARS } from '@oneeta/contracts';

/** Shown under every name field, so the limit is known before submitting (issue 12). */
export const NAME_LIMIT_HINT = 'Up to {max} characters · {left} left';

/** 'Up to 80 characters · 75 left' for what is typed now (never below 0 left). */
export function nameLimitHint(value: string, max: number = NAME_MAX_CHARS): string {
  return format(NAME_LIMIT_HINT, { max, left: Math.max(0, max - value.length) });
}

/** What a name input spreads in: the browser stops typing at the limit. */
export const NAME_INPUT_LIMIT = { maxLength: NAME_MAX_CHARS } as const;
