import type { Client } from '@rankmaps/shared/schemas/workspace';
import { PROFILE_PICTURE_MAX_MB } from '@rankmaps/shared/schemas/profile';
import { ImageUpIcon, TrashIcon } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAlerts } from '@/components/ui/alerts/alerts-context';
import { Button } from '@/components/ui/button';
import { useToast } from '@/components/ui/toasts/toast-context';
import { ApiError } from '@/lib/api-client';
import { useDeleteClientLogo, useUploadClientLogo } from '../api/clients';

const messageOf = (err: unknown, fallback: string) => (err instanceof ApiError && err.status > 0 && err.message ? err.message : fallback);

/**
 * A client's logo for its reports (docs/workspace.md «Clients»): a preview, uploaded as soon as a
 * file is chosen (the server checks and re-encodes it, and refuses plans without white-label
 * with a message naming the plan), removed after a confirmation.
 */
export function ClientLogoField({ client }: { client: Client }) {
  const { t } = useTranslation('places');
  const { confirm } = useAlerts();
  const toast = useToast();
  const upload = useUploadClientLogo();
  const remove = useDeleteClientLogo();
  const inputRef = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const [error, setError] = useState<string | null>(null);
  const busy = upload.isPending || remove.isPending;

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    setError(null);
    try {
      await upload.mutateAsync({ id: client.id, file });
      toast({ type: 'success', message: t('clients.logo.uploaded', { name: client.name }) });
    } catch (err) {
      setError(messageOf(err, t('clients.logo.uploadError')));
    }
  };

  const onRemove = async () => {
    const ok = await confirm({
      title: t('clients.logo.removeTitle'),
      message: t('clients.logo.removeBody', { name: client.name }),
      confirmLabel: t('clients.logo.removeYes'),
      cancelLabel: t('clients.logo.removeNo'),
      destructive: true,
    });
    if (!ok) return;
    setError(null);
    try {
      await remove.mutateAsync(client.id);
      toast({ type: 'success', message: t('clients.logo.removed', { name: client.name }) });
    } catch (err) {
      setError(messageOf(err, t('clients.logo.removeError')));
    }
  };

  return (
    <div className="flex min-w-0 flex-col gap-2 sm:flex-row sm:items-center" data-testid="client-logo">
      <div className="flex h-12 w-28 shrink-0 items-center justify-center rounded-lg border border-dashed border-slate-300 bg-slate-50 p-1">
        {client.logoUrl ? (
          <img
            src={client.logoUrl}
            alt={t('clients.logo.currentAlt', { name: client.name })}
            className="max-h-full max-w-full object-contain"
          />
        ) : (
          <span className="text-xs text-slate-600">{t('clients.logo.none')}</span>
        )}
      </div>
      <div className="min-w-0 space-y-1">
        <input
          ref={inputRef}
          type="file"
          accept="image/png,image/jpeg,image/webp,image/gif,image/avif"
          tabIndex={-1}
          aria-hidden="true"
          className="sr-only"
          data-testid="client-logo-input"
          onChange={(e) => {
            void onFile(e.target.files?.[0]);
            e.target.value = '';
          }}
        />
        <div className="flex flex-wrap gap-2">
          <Button
            variant="secondary"
            className="py-2!"
            loading={upload.isPending}
            disabled={busy}
            aria-describedby={hintId}
            aria-label={t(client.logoUrl ? 'clients.logo.changeLabel' : 'clients.logo.uploadLabel', { name: client.name })}
            onClick={() => inputRef.current?.click()}
          >
            <ImageUpIcon className="h-4 w-4" aria-hidden="true" />
            {client.logoUrl ? t('clients.logo.change') : t('clients.logo.upload')}
          </Button>
          {client.logoUrl && (
            <Button
              variant="ghost"
              className="py-2! text-red-700! hover:bg-red-50!"
              loading={remove.isPending}
              disabled={busy}
              aria-label={t('clients.logo.removeLabel', { name: client.name })}
              onClick={() => void onRemove()}
            >
              <TrashIcon className="h-4 w-4" aria-hidden="true" />
              {t('clients.logo.remove')}
            </Button>
          )}
        </div>
        <p id={hintId} className="text-xs text-slate-600">
          {t('clients.logo.hint', { mb: PROFILE_PICTURE_MAX_MB })}
        </p>
        {error && (
          <p role="alert" className="text-sm text-red-700 break-words">
            {error}
          </p>
        )}
      </div>
    </div>
  );
}
