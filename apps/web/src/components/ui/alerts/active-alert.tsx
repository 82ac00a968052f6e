import { useTranslation } from 'react-i18next';
import { AlertDialog } from './alert-dialog';
import { alertPreset, type AlertType } from './alert-types';

export interface AlertRequest {
  id: number;
  kind: AlertType | 'confirm';
  title?: string | undefined;
  message: string;
  confirmLabel?: string | undefined;
  cancelLabel?: string | undefined;
  destructive: boolean;
  closeOnBackdrop: boolean;
  resolve: (confirmed: boolean) => void;
}

/** Fills in the texts the caller left out from the type's defaults (alerts namespace). */
export default function ActiveAlert({ request, onClosed }: { request: AlertRequest; onClosed: (confirmed: boolean) => void }) {
  const { t } = useTranslation('alerts');
  const preset = alertPreset(request.kind);
  const cancelLabel = request.cancelLabel ?? (preset.cancelKey ? t(preset.cancelKey) : null);
  return (
    <AlertDialog
      kind={request.kind}
      title={request.title ?? t(preset.titleKey)}
      message={request.message}
      confirmLabel={request.confirmLabel ?? t(preset.confirmKey)}
      cancelLabel={cancelLabel}
      closeLabel={t('close')}
      destructive={request.destructive}
      closeOnBackdrop={request.closeOnBackdrop}
      onClosed={onClosed}
    />
  );
}
