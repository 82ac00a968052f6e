import { createContext, useContext } from 'react';
import type { AlertOptions, ConfirmOptions } from './alert-types';

export interface AlertsApi {
  /** Shows an alert; resolves true when its confirm button closed it. */
  alert: (options: AlertOptions) => Promise<boolean>;
  /** Asks a yes/no question ('Confirmar' / 'Sí', 'No' by default); resolves with the answer. */
  confirm: (options: ConfirmOptions) => Promise<boolean>;
}

export const AlertsContext = createContext<AlertsApi | null>(null);

/** `const { alert, confirm } = useAlerts(); if (await confirm({ message })) …` */
export function useAlerts(): AlertsApi {
  const ctx = useContext(AlertsContext);
  if (!ctx) throw new Error('useAlerts must be used inside <AlertsProvider>');
  return ctx;
}
