import { createContext } from 'react';
import type { ToastInput } from './toast-state';

export interface ToastApi {
  /** Shows a toast; answers its id. */
  show: (input: ToastInput) => number;
  info: (message: string, durationMs?: number) => number;
  success: (message: string, durationMs?: number) => number;
  error: (message: string, durationMs?: number) => number;
  dismiss: (id: number) => void;
}

export const ToastContext = createContext<ToastApi | null>(null);
