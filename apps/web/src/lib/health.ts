import { format } from '@oneeta/contracts';
import { SPEC } from '../text';

export type HealthState =
  { status: 'checking' } | { status: 'ok'; time: string } | { status: 'error'; message: string };

/** 'checking…', the server time, or 'error: {message}' (doc 1 §2, §8). */
export function healthText(state: HealthState, formatTime: (iso: string) => string): string {
  switch (state.status) {
    case 'checking':
      return SPEC.checking;
    case 'ok':
      return formatTime(state.time);
    case 'error':
      return format(SPEC.healthError, { message: state.message });
  }
}

/** The server time in the viewer's locale; the ISO text itself when it does not parse. */
export function formatServerTime(iso: string, locale?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'medium' });
}
