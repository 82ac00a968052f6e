import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { API_KEY_NAME_MAX, API_KEY_SCOPES, type ApiKey, type ApiKeyScope, type CreatedApiKey, createApiKeyBodySchema } from '@rankmaps/shared/schemas/api-keys';
import { Button } from '@/components/ui/button';
import { CheckboxGroup } from '@/components/ui/checkbox-group';
import { FormModal } from '@/components/ui/form-modal';
import { PlanGatedList, createDialogTexts } from '@/components/ui/plan-gated-list';
import { SecretOnceModal, secretOnceTexts } from '@/components/ui/secret-once-modal';
import { TextField } from '@/components/ui/text-field';
import { useToastedAction } from '@/components/ui/use-toasted-action';
import { apiErrorText } from '@/lib/api-client';
import { formatMediumDate } from '@/lib/format';
import { validationErrorsByField } from '@/lib/i18n';
import { useApiKeys, useCreateApiKey, useRevokeApiKey } from '../api/api-keys';

/**
 * The profile's «API» tab (docs/api.md, docs/decisions.md §26.1): the user's API keys, a dialog
 * that creates one and shows it once, and revoking with a confirmation. Plans without the API
 * see which plan has it; keys made before a downgrade stay listed and revocable.
 */
export function ApiKeysSettings({ currentPlan }: { currentPlan: string | null }) {
  const { t } = useTranslation(['api-keys', 'common']);
  const query = useApiKeys();
  return (
    <PlanGatedList
      id="api-keys"
      namespace="api-keys"
      query={query}
      usage={({ keys, maxActive }) => ({ used: keys.filter((k) => !k.revokedAt).length, max: maxActive })}
      upsell={{ action: { kind: 'apiKeys' }, currentPlan }}
      createDialog={(close) => <CreateKeyDialog onClose={close} />}
    >
      {({ keys, allowed }) => (
        <>
          {keys.length === 0 ? allowed && <p className="text-sm text-slate-600">{t('empty')}</p> : <KeyList keys={keys} />}
          <p className="text-sm text-slate-600">{t('docsHint')}</p>
          <p className="text-sm break-words text-slate-600">{t('mcpHint', { url: `${window.location.origin}/mcp` })}</p>
        </>
      )}
    </PlanGatedList>
  );
}

function KeyList({ keys }: { keys: ApiKey[] }) {
  const { t, i18n } = useTranslation('api-keys');
  return (
    <ul className="divide-y divide-slate-200 rounded-xl ring-1 ring-slate-200" aria-label={t('listLabel')}>
      {keys.map((key) => (
        <li key={key.id} className="flex flex-col gap-2 p-4 sm:flex-row sm:items-center sm:justify-between" data-testid="api-key-row">
          <div className="min-w-0 space-y-1">
            <p className="font-medium break-words text-slate-900">
              {key.name}{' '}
              <span className={`ml-1 rounded-full px-2 py-0.5 text-xs font-medium ${key.revokedAt ? 'bg-slate-100 text-slate-700' : 'bg-emerald-50 text-emerald-800'}`}>
                {key.revokedAt ? t('state.revoked') : t('state.active')}
              </span>
            </p>
            <p className="font-mono text-sm break-all text-slate-700">{key.prefix}…</p>
            <p className="text-xs text-slate-600">
              {t('scopesLabel')}: {key.scopes.map((s) => t(`scopes.${s}`)).join(', ')} · {t('created', { date: formatMediumDate(key.createdAt, i18n.language) })} ·{' '}
              {key.lastUsedAt ? t('lastUsed', { date: formatMediumDate(key.lastUsedAt, i18n.language) }) : t('neverUsed')}
            </p>
          </div>
          {!key.revokedAt && <RevokeButton apiKey={key} />}
        </li>
      ))}
    </ul>
  );
}

function RevokeButton({ apiKey }: { apiKey: ApiKey }) {
  const { t } = useTranslation('api-keys');
  const act = useToastedAction();
  const revoke = useRevokeApiKey();
  const onRevoke = () =>
    act({
      confirm: { title: t('revoke.title'), message: t('revoke.message', { name: apiKey.name }), confirmLabel: t('revoke.confirm'), cancelLabel: t('revoke.cancel'), destructive: true },
      run: () => revoke.mutateAsync(apiKey.id),
      done: t('revoke.done', { name: apiKey.name }),
      failed: t('revoke.error'),
    });
  return (
    <Button variant="secondary" onClick={() => void onRevoke()} loading={revoke.isPending} className="shrink-0" aria-label={t('revoke.label', { name: apiKey.name })}>
      {t('revoke.button')}
    </Button>
  );
}

function CreateKeyDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('api-keys');
  const create = useCreateApiKey();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiKeyScope[]>(['read']);
  const [errors, setErrors] = useState<{ name?: string; scopes?: string; form?: string }>({});
  const [created, setCreated] = useState<CreatedApiKey | null>(null);

  const onSubmit = async () => {
    const parsed = createApiKeyBodySchema.safeParse({ name, scopes });
    if (!parsed.success) {
      setErrors(validationErrorsByField(parsed.error.issues, (key) => (key === 'name' ? 'name' : 'scopes')));
      return;
    }
    setErrors({});
    try {
      setCreated(await create.mutateAsync({ name, scopes }));
    } catch (err) {
      setErrors({ form: apiErrorText(err, t('create.error')) });
    }
  };

  if (created) {
    const texts = secretOnceTexts(t, 'shown', { name: created.apiKey.name });
    return <SecretOnceModal value={created.key} testId="api-key-value" onClose={onClose} texts={texts} />;
  }

  return (
    <FormModal texts={createDialogTexts(t)} pending={create.isPending} formError={errors.form} onSubmit={() => void onSubmit()} onClose={onClose}>
      <TextField label={t('create.name')} value={name} maxLength={API_KEY_NAME_MAX + 20} onChange={(e) => setName(e.target.value)} error={errors.name} hint={t('create.nameHint')} />
      <CheckboxGroup
        legend={t('create.scopes')}
        options={API_KEY_SCOPES}
        selected={scopes}
        onChange={setScopes}
        optionLabel={(scope) => `${t(`scopes.${scope}`)} — ${t(`scopeHelp.${scope}`)}`}
        error={errors.scopes}
      />
    </FormModal>
  );
}
