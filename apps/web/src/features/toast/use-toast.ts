import { useContext } from 'react';
import { ToastContext, type ToastApi } from './toast-context';

/** Toasts bottom-right: `const toast = useToast(); toast.success('Link copied')`. */
export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast needs a <ToastProvider> above it');
  return api;
}
