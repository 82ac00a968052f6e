import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OAuthAuthorizationParams, OAuthConsent } from '@rankmaps/shared/schemas/oauth';
import { AlertBanner } from '@/components/ui/alert-banner';
import { Button } from '@/components/ui/button';
import { QueryState } from '@/components/ui/query-state';
import { SelectField } from '@/components/ui/select-field';
import { apiErrorText } from '@/lib/api-client';
import { useOAuthConsent, useOAuthDecision } from '../api/oauth';

/**
 * The consent screen of RankMaps' OAuth server (docs/decisions.md §33.3): which application asks,
 * where it will send you back, in which workspace and with which role it will act, and what it
 * will be able to do there (from the permission table). «Permitir» sends the browser back to
 * the application with a code; «Cancelar», with access_denied.
 */
export function ConsentScreen({ params }: { params: OAuthAuthorizationParams }) {
  const { t } = useTranslation('oauth');
  const query = useOAuthConsent(params);
  return (
    <QueryState query={query} error={<ConsentError error={query.error} />} errorAction={<span />} loading={t('loading')}>
      {(consent) => <ConsentForm params={params} consent={consent} />}
    </QueryState>
  );
}

function ConsentError({ error }: { error: unknown }) {
  const { t } = useTranslation('oauth');
  return (
    <div className="space-y-2">
      <h1 className="text-xl font-semibold text-slate-900">{t('errorTitle')}</h1>
      <p>{apiErrorText(error, t('loadError'))}</p>
    </div>
  );
}

function ConsentForm({ params, consent }: { params: OAuthAuthorizationParams; consent: OAuthConsent }) {
  const { t } = useTranslation('oauth');
  const decide = useOAuthDecision();
  const [workspaceId, setWorkspaceId] = useState(consent.workspaces[0]?.id ?? '');
  const [error, setError] = useState<string | null>(null);
  const workspace = consent.workspaces.find((w) => w.id === workspaceId);

  const answer = async (decision: 'allow' | 'deny') => {
    setError(null);
    try {
      const { redirectTo } = await decide.mutateAsync({ params, decision, workspaceId });
      window.location.assign(redirectTo);
    } catch (err) {
      setError(apiErrorText(err, t('decisionError')));
    }
  };

  if (!workspace) return <AlertBanner tone="error">{t('noWorkspace')}</AlertBanner>;
  return (
    <div className="space-y-5" data-testid="oauth-consent">
      <div className="space-y-1">
        <h1 className="text-xl font-semibold text-slate-900">{t('title', { client: consent.client.name })}</h1>
        <p className="text-sm text-slate-600">{t('redirectHost', { host: consent.client.redirectHost })}</p>
      </div>
      {consent.workspaces.length > 1 ? (
        <SelectField label={t('workspace')} value={workspaceId} onChange={(e) => setWorkspaceId(e.target.value)} options={consent.workspaces.map((w) => ({ value: w.id, label: w.name }))} />
      ) : (
        <p className="text-sm text-slate-700">
          {t('workspace')}: <strong>{workspace.name}</strong>
        </p>
      )}
      <p className="text-sm text-slate-700">
        {t('role')}: <strong data-testid="oauth-role">{workspace.roleLabel}</strong>
      </p>
      <div>
        <h2 className="text-sm font-medium text-slate-900">{t('capabilitiesTitle')}</h2>
        <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-slate-700" data-testid="oauth-capabilities">
          {workspace.capabilities.map((c) => (
            <li key={c}>{c}</li>
          ))}
        </ul>
      </div>
      <p className="text-xs text-slate-600">{t('revokeHint')}</p>
      {error && <AlertBanner tone="error">{error}</AlertBanner>}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={() => void answer('deny')} disabled={decide.isPending}>
          {t('cancel')}
        </Button>
        <Button onClick={() => void answer('allow')} loading={decide.isPending}>
          {t('allow')}
        </Button>
      </div>
    </div>
  );
}
