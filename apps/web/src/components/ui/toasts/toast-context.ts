import { createContext, useContext } from 'react';

export type ToastType = 'info' | 'success' | 'error';

export interface ToastOptions {
  /** 'info' unless said otherwise (docs/product.md §3). */
  type?: ToastType;
  /** Already translated. */
  message: string;
}

export type ShowToast = (options: ToastOptions) => void;

export const ToastContext = createContext<ShowToast | null>(null);

/** `const toast = useToast(); toast({ type: 'success', message: t('saved') })` */
export function useToast(): ShowToast {
  const ctx = useContext(ToastContext);
  if (!ctx) throw new Error('useToast must be used inside <ToastProvider>');
  return ctx;
}
