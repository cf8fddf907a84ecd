import { TOAST_DURATION_MS } from '@oneeta/contracts';

export type ToastType = 'info' | 'success' | 'error';

export interface Toast {
  id: number;
  type: ToastType;
  message: string;
  /** Milliseconds before it goes by itself; 0 keeps it until dismissed. */
  durationMs: number;
}

export interface ToastInput {
  message: string;
  type?: ToastType;
  /** Default TOAST_DURATION_MS (2200 ms). */
  durationMs?: number;
}

/** At most this many toasts stay on screen; older ones give way. */
export const MAX_TOASTS = 4;

export type ToastAction = { kind: 'add'; toast: Toast } | { kind: 'dismiss'; id: number };

export function makeToast(id: number, input: ToastInput): Toast {
  return {
    id,
    type: input.type ?? 'info',
    message: input.message,
    durationMs: input.durationMs ?? TOAST_DURATION_MS,
  };
}

export function toastReducer(toasts: readonly Toast[], action: ToastAction): Toast[] {
  switch (action.kind) {
    case 'add': {
      // The same message again replaces the one on screen (newest last, its time starting over)
      // instead of stacking a copy: two invites sent one after the other show one toast.
      const { message, type } = action.toast;
      const others = toasts.filter((t) => t.message !== message || t.type !== type);
      return [...others, action.toast].slice(-MAX_TOASTS);
    }
    case 'dismiss':
      return toasts.filter((t) => t.id !== action.id);
  }
}
