import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Client } from '@rankmaps/shared/schemas/workspace';
import { PROFILE_PICTURE_MAX_MB } from '@rankmaps/shared/schemas/profile';
import { LogoUploadField } from '@/components/ui/logo-upload-field';
import { useToast } from '@/components/ui/toasts/toast-context';
import { useDeleteClientLogo, useUploadClientLogo } from '../api/clients';

/**
 * A client's logo for its reports (docs/workspace.md «Clients»). The server refuses plans
 * without white-label with a message naming the plan, shown under the field; a success is a
 * toast, as the list row has no room for a status line.
 */
export function ClientLogoField({ client }: { client: Client }) {
  const { t } = useTranslation('places');
  const toast = useToast();
  const upload = useUploadClientLogo();
  const remove = useDeleteClientLogo();
  const [error, setError] = useState<string | null>(null);
  const name = { name: client.name };
  return (
    <LogoUploadField
      logoUrl={client.logoUrl}
      testId="client-logo"
      upload={{ run: (file) => upload.mutateAsync({ id: client.id, file }), isPending: upload.isPending }}
      remove={{ run: () => remove.mutateAsync(client.id), isPending: remove.isPending }}
      confirmRemove={{ title: t('clients.logo.removeTitle'), message: t('clients.logo.removeBody', name), confirmLabel: t('clients.logo.removeYes'), cancelLabel: t('clients.logo.removeNo') }}
      texts={{
        currentAlt: t('clients.logo.currentAlt', name),
        none: t('clients.logo.none'),
        upload: t('clients.logo.upload'),
        change: t('clients.logo.change'),
        remove: t('clients.logo.remove'),
        hint: t('clients.logo.hint', { mb: PROFILE_PICTURE_MAX_MB }),
        uploaded: t('clients.logo.uploaded', name),
        uploadError: t('clients.logo.uploadError'),
        removed: t('clients.logo.removed', name),
        removeError: t('clients.logo.removeError'),
        uploadLabel: t('clients.logo.uploadLabel', name),
        changeLabel: t('clients.logo.changeLabel', name),
        removeLabel: t('clients.logo.removeLabel', name),
      }}
      onOutcome={(outcome) => {
        setError(outcome?.tone === 'error' ? outcome.text : null);
        if (outcome?.tone === 'success') toast({ type: 'success', message: outcome.text });
      }}
    >
      {error && (
        <p role="alert" className="text-sm break-words text-red-700">
          {error}
        </p>
      )}
    </LogoUploadField>
  );
}
