export { ToastProvider } from './ToastProvider';
export { useToast } from './use-toast';
export type { ToastApi } from './toast-context';
export type { Toast, ToastInput, ToastType } from './toast-state';
