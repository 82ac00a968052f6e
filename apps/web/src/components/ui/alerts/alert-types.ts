import { ApiError } from '@/lib/api-client';
import { paths } from '@/lib/paths';

/** The alert types of docs/product.md §3. `upgrade` and `credits` offer a way out of a server refusal. */
export type AlertType = 'success' | 'error' | 'warning' | 'info' | 'upgrade' | 'credits';

export interface AlertOptions {
  type?: AlertType;
  /** Already-translated texts; each falls back to the type's default. */
  title?: string;
  message: string;
  confirmLabel?: string;
  cancelLabel?: string;
  /** false keeps the dialog open on a backdrop click (Escape and the buttons still close it). */
  closeOnBackdrop?: boolean;
}

export interface ConfirmOptions {
  title?: string;
  message: string;
  confirmLabel?: string;
  cancelLabel?: string;
  /** A destructive action: the confirm button is red and the safe choice gets the focus. */
  destructive?: boolean;
  closeOnBackdrop?: boolean;
}

/** Keys in the `alerts` namespace and what the confirm button leads to, per kind of dialog. */
export interface AlertPreset {
  titleKey: string;
  confirmKey: string;
  cancelKey: string | null;
  /** Where the confirm button navigates (upgrade → plans, credits → buy credits). */
  navigateTo: string | null;
}

const presets: Record<AlertType | 'confirm', AlertPreset> = {
  success: { titleKey: 'success.title', confirmKey: 'ok', cancelKey: null, navigateTo: null },
  error: { titleKey: 'error.title', confirmKey: 'ok', cancelKey: null, navigateTo: null },
  warning: { titleKey: 'warning.title', confirmKey: 'ok', cancelKey: null, navigateTo: null },
  info: { titleKey: 'info.title', confirmKey: 'ok', cancelKey: null, navigateTo: null },
  upgrade: { titleKey: 'upgrade.title', confirmKey: 'upgrade.confirm', cancelKey: 'cancel', navigateTo: paths.subscription.getHref() },
  credits: { titleKey: 'credits.title', confirmKey: 'credits.confirm', cancelKey: 'cancel', navigateTo: paths.buyCredits.getHref() },
  confirm: { titleKey: 'confirm.title', confirmKey: 'confirm.yes', cancelKey: 'confirm.no', navigateTo: null },
};

export function alertPreset(kind: AlertType | 'confirm'): AlertPreset {
  return presets[kind];
}

/** The errorTypes the server answers when a plan or a balance does not allow an action (docs/product.md §6). */
const alertByErrorType: Record<string, AlertType> = {
  upgrade_required: 'upgrade',
  insufficient_credits: 'credits',
};

/** The alert type for an API refusal that has one (upgrade, credits), else null. */
export function alertTypeForError(err: unknown): AlertType | null {
  if (!(err instanceof ApiError) || !err.errorType) return null;
  return alertByErrorType[err.errorType] ?? null;
}

/** Roles of spec: alerts that ask for a decision are alertdialogs, plain notices dialogs. */
export function dialogRole(kind: AlertType | 'confirm'): 'alertdialog' | 'dialog' {
  return kind === 'info' || kind === 'success' ? 'dialog' : 'alertdialog';
}
