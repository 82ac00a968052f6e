import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { StatusMessage, type Status } from '@/components/ui/status-message';
import { ApiError } from '@/lib/api-client';
import { type RenewalOutcome, useSimulateRenewal } from '../api/simulate-renewal';

/** The two renewal simulations: as the checkout chose (no outcome), or declined on demand. */
const RENEWAL_ROWS: { outcome?: RenewalOutcome; label: string; hint: string; spacing: string }[] = [
  { label: 'actions.renewal', hint: 'actions.renewalHint', spacing: 'mt-3' },
  { outcome: 'failure', label: 'actions.failedRenewal', hint: 'actions.failedRenewalHint', spacing: 'mt-2' },
];

/**
 * Simulations of the local payment provider, for the development panel: charging the
 * next renewal now shows what a failed renewal (past due) looks like.
 */
export function SandboxActions() {
  const { t } = useTranslation('sandbox');
  const renewal = useSimulateRenewal();
  const [status, setStatus] = useState<Status | null>(null);

  const [pending, setPending] = useState<RenewalOutcome | 'default' | null>(null);

  const onRenewal = async (outcome?: RenewalOutcome) => {
    setStatus(null);
    setPending(outcome ?? 'default');
    try {
      const res = await renewal.mutateAsync(outcome);
      setStatus({ text: res.message || t('actions.renewalDone'), tone: 'success' });
    } catch (err) {
      const reason = err instanceof ApiError && err.status > 0 && err.message !== `Error ${err.status}` ? ` ${err.message}` : '';
      setStatus({ text: `${t('actions.renewalError')}${reason}`, tone: 'error' });
    } finally {
      setPending(null);
    }
  };

  return (
    <div className="rounded-xl border border-dashed border-amber-300 bg-amber-50/60 p-4" data-testid="sandbox-actions">
      <p className="text-sm font-semibold text-amber-900">{t('actions.title')}</p>
      <p className="mt-1 text-xs text-amber-900/80">{t('actions.lead')}</p>
      {RENEWAL_ROWS.map(({ outcome, label, hint, spacing }) => (
        <div key={label} className={`${spacing} flex flex-col gap-2 sm:flex-row sm:items-center`}>
          <Button
            variant="secondary"
            onClick={() => void onRenewal(outcome)}
            loading={pending === (outcome ?? 'default')}
            disabled={renewal.isPending}
            className="w-full sm:w-auto"
          >
            {t(label)}
          </Button>
          <p className="text-xs text-slate-600">{t(hint)}</p>
        </div>
      ))}
      <div className="mt-3">
        <StatusMessage status={status} />
      </div>
    </div>
  );
}
