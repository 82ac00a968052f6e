import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { API_KEY_NAME_MAX, API_KEY_SCOPES, type ApiKey, type ApiKeyList, type ApiKeyScope, type CreatedApiKey, createApiKeyBodySchema } from '@rankmaps/shared/schemas/api-keys';
import { Button } from '@/components/ui/button';
import { CheckboxField } from '@/components/ui/checkbox-field';
import { Modal, ModalActions } from '@/components/ui/modal';
import { PlanGatedList } from '@/components/ui/plan-gated-list';
import { SecretOnceModal } from '@/components/ui/secret-once-modal';
import { QueryState } from '@/components/ui/query-state';
import { TextField } from '@/components/ui/text-field';
import { useToastedAction } from '@/components/ui/use-toasted-action';
import { apiErrorText } from '@/lib/api-client';
import { formatMediumDate } from '@/lib/format';
import { translateValidation } from '@/lib/i18n';
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
    <QueryState query={query} loading={t('loading')} error={t('loadError')}>
      {(data) => <ApiKeysPanel {...data} currentPlan={currentPlan} />}
    </QueryState>
  );
}

function ApiKeysPanel({ keys, allowed, maxActive, currentPlan }: ApiKeyList & { currentPlan: string | null }) {
  const { t } = useTranslation(['api-keys', 'common']);
  const [creating, setCreating] = useState(false);
  const active = keys.filter((k) => !k.revokedAt).length;
  return (
    <PlanGatedList
      id="api-keys"
      title={t('title')}
      intro={t('intro')}
      allowed={allowed}
      fullNotice={active >= maxActive ? t('create.full', { count: maxActive }) : null}
      createLabel={t('create.open')}
      onCreate={() => setCreating(true)}
      upsell={{ action: { kind: 'apiKeys' }, currentPlan, cta: t('upgradeCta') }}
    >
      {keys.length === 0 ? allowed && <p className="text-sm text-slate-600">{t('empty')}</p> : <KeyList keys={keys} />}
      <p className="text-sm text-slate-600">{t('docsHint')}</p>
      <p className="text-sm break-words text-slate-600">{t('mcpHint', { url: `${window.location.origin}/mcp` })}</p>
      {creating && <CreateKeyDialog onClose={() => setCreating(false)} />}
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
  const scopesId = useId();

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (create.isPending) return;
    const parsed = createApiKeyBodySchema.safeParse({ name, scopes });
    if (!parsed.success) {
      const byField: typeof errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] === 'name' ? 'name' : 'scopes';
        byField[field] ??= translateValidation(issue.message);
      }
      setErrors(byField);
      return;
    }
    setErrors({});
    try {
      setCreated(await create.mutateAsync({ name, scopes }));
    } catch (err) {
      setErrors({ form: apiErrorText(err, t('create.error')) });
    }
  };
  const toggle = (scope: ApiKeyScope, on: boolean) => setScopes((s) => (on ? [...new Set([...s, scope])] : s.filter((x) => x !== scope)));

  if (created)
    return (
      <SecretOnceModal
        value={created.key}
        testId="api-key-value"
        onClose={onClose}
        texts={{
          title: t('shown.title'),
          warning: t('shown.warning'),
          label: t('shown.label', { name: created.apiKey.name }),
          copy: t('shown.copy'),
          copied: t('shown.copied'),
          copyFailed: t('shown.copyFailed'),
          done: t('shown.done'),
          close: t('close'),
        }}
      />
    );

  return (
    <Modal
      title={t('create.title')}
      description={t('create.description')}
      closeLabel={t('close')}
      onClose={onClose}
      footer={<ModalActions cancel={t('create.cancel')} onCancel={onClose} submit={{ label: t('create.submit'), type: 'submit', form: 'api-key-form', loading: create.isPending }} />}
    >
      <form id="api-key-form" noValidate onSubmit={(e) => void onSubmit(e)} className="space-y-4">
        <TextField label={t('create.name')} value={name} maxLength={API_KEY_NAME_MAX + 20} onChange={(e) => setName(e.target.value)} error={errors.name} hint={t('create.nameHint')} />
        <fieldset aria-describedby={errors.scopes ? scopesId : undefined} className="space-y-2">
          <legend className="text-sm font-medium text-slate-800">{t('create.scopes')}</legend>
          {API_KEY_SCOPES.map((scope) => (
            <CheckboxField key={scope} label={`${t(`scopes.${scope}`)} — ${t(`scopeHelp.${scope}`)}`} checked={scopes.includes(scope)} onChange={(e) => toggle(scope, e.target.checked)} />
          ))}
          {errors.scopes && (
            <p id={scopesId} role="alert" className="text-sm text-red-700">
              {errors.scopes}
            </p>
          )}
        </fieldset>
        {errors.form && (
          <p role="alert" className="text-sm text-red-700">
            {errors.form}
          </p>
        )}
      </form>
    </Modal>
  );
}
