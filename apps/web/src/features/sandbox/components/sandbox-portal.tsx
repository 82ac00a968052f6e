import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AlertBanner } from '@/components/ui/alert-banner';
import { Button, buttonClass } from '@/components/ui/button';
import { ApiError } from '@/lib/api-client';
import { useSettleSandboxPortal } from '../api/settle-sandbox-portal';
import { returnPath } from '../utils/return-path';
import { SandboxRibbon } from './sandbox-ribbon';

function errorText(err: unknown, fallback: string): string {
  return err instanceof ApiError && err.message && err.message !== `Error ${err.status}` ? err.message : fallback;
}

/**
 * The sandbox's stand-in for the billing portal (/sandbox/portal?customer=&return=).
 * "Updating the card" pays whatever is past due; then it goes back to `return`.
 */
export function SandboxPortalPage() {
  const { t } = useTranslation('sandbox');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const back = returnPath(params.get('return'));
  const settle = useSettleSandboxPortal();
  const busy = settle.isPending || settle.isSuccess;

  const onSettle = () =>
    settle.mutate(undefined, {
      onSuccess: () => void navigate(back),
    });

  return (
    <section className="mx-auto w-full max-w-lg px-4 py-10 sm:py-16">
      <SandboxRibbon />
      <div className="mt-4 rounded-3xl bg-white p-6 shadow-lg ring-1 ring-slate-200 sm:p-8">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">{t('portal.title')}</h1>
        <p className="mt-2 text-sm text-slate-600">{t('portal.lead')}</p>
        <div className="mt-5 rounded-2xl bg-slate-50 p-4 text-sm text-slate-700 ring-1 ring-slate-200">
          <p className="font-semibold text-slate-900">{t('portal.cardTitle')}</p>
          <p className="mt-1">{t('portal.cardBody')}</p>
        </div>
        {settle.isError && (
          <div className="mt-4">
            <AlertBanner tone="error">{errorText(settle.error, t('portal.error'))}</AlertBanner>
          </div>
        )}
        {settle.isSuccess && (
          <div className="mt-4">
            <AlertBanner tone="success">{t('portal.done')}</AlertBanner>
          </div>
        )}
        <div className="mt-6 space-y-2">
          <Button className="w-full" onClick={onSettle} loading={busy} disabled={busy}>
            {t('portal.update')}
          </Button>
          <Link to={back} className={`${buttonClass('secondary')} w-full`}>
            {t('portal.back')}
          </Link>
        </div>
      </div>
    </section>
  );
}
