import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AlertBanner } from '@/components/ui/alert-banner';
import { useApiErrorAlert } from '@/components/ui/alerts/use-api-error-alert';
import { buttonClass } from '@/components/ui/button';
import { Modal, ModalActions } from '@/components/ui/modal';
import { QueryState } from '@/components/ui/query-state';
import { useToast } from '@/components/ui/toasts/toast-context';
import { apiErrorText } from '@/lib/api-client';
import { formatCount } from '@/lib/format';
import { paths } from '@/lib/paths';
import { useAnalyzeAllPreview, useStartAnalyzeAll } from '../api/analyze-all';
import { withCreditEuros } from '@/lib/credit-euros';

/**
 * «Analizar todas» (docs/workspace.md): the cost first (credits on pro plans, the month's scans
 * on basic ones) against what the balance allows, then one analysis per keyword, or none. The
 * button is disabled while the request runs, and the server starts each keyword once anyway.
 */
export function AnalyzeAllDialog({ placeId, placeName, onClose }: { placeId: string; placeName: string; onClose: () => void }) {
  const { t, i18n } = useTranslation('bulk');
  const toast = useToast();
  const showApiAlert = useApiErrorAlert();
  const preview = useAnalyzeAllPreview(placeId);
  const start = useStartAnalyzeAll(placeId);
  const n = (x: number) => formatCount(x, i18n.language);

  const confirm = async () => {
    try {
      const result = await start.mutateAsync();
      toast({
        type: 'success',
        message: result.started.length > 0 ? t('analyzeAll.started', { count: result.started.length }) : t('analyzeAll.nothingStarted'),
      });
      onClose();
    } catch (err) {
      if (showApiAlert(err)) onClose();
      else toast({ type: 'error', message: apiErrorText(err, t('analyzeAll.error')) });
    }
  };

  return (
    <Modal
      title={t('analyzeAll.title')}
      description={t('analyzeAll.description', { place: placeName })}
      closeLabel={t('analyzeAll.close')}
      onClose={onClose}
      footer={
        <ModalActions
          cancel={t('analyzeAll.cancel')}
          onCancel={onClose}
          submit={{
            label: t('analyzeAll.submit', { count: preview.data?.toStart ?? 0 }),
            testId: 'analyze-all-confirm',
            onClick: () => void confirm(),
            disabled: !preview.data?.canStart || start.isPending,
            loading: start.isPending,
          }}
        />
      }
    >
      <QueryState query={preview} loading={t('analyzeAll.loading')} error={apiErrorText(preview.error, t('analyzeAll.error'))}>
        {(data) => (
          <div className="space-y-4">
            <div data-testid="analyze-all-cost" className="rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200">
              <p className="text-base font-semibold text-slate-900">
                {data.billing === 'credits'
                  ? withCreditEuros(t('analyzeAll.costCredits', { count: data.cost, cost: n(data.cost) }), data.cost, i18n.language)
                  : t('analyzeAll.costScans', { count: data.cost })}
              </p>
              <p className="mt-1 text-sm text-slate-700">
                {data.available === null
                  ? t('analyzeAll.balanceUnlimited')
                  : data.billing === 'credits'
                    ? t('analyzeAll.balanceCredits', { count: data.available, available: n(data.available) })
                    : t('analyzeAll.balanceScans', { available: n(data.available) })}
              </p>
              {data.alreadyRunning > 0 && (
                <p className="mt-1 text-sm text-slate-600">{t('analyzeAll.alreadyRunning', { count: data.alreadyRunning })}</p>
              )}
            </div>
            {data.message && (
              <AlertBanner tone="warning">
                {data.message}
                {data.billing === 'credits' && data.missing > 0 && (
                  <Link to={paths.buyCredits.getHref()} className={`${buttonClass('secondary')} mt-3 py-2!`}>
                    {t('analyzeAll.buyCredits')}
                  </Link>
                )}
              </AlertBanner>
            )}
            {data.keywords.length > 0 && (
              <div>
                <h3 id="analyze-all-keywords" className="mb-2 text-sm font-medium text-slate-700">
                  {t('analyzeAll.keywords')}
                </h3>
                {/* Focusable, so a long list scrolls from the keyboard too. */}
                <ul
                  tabIndex={0}
                  aria-labelledby="analyze-all-keywords"
                  className="max-h-56 divide-y divide-slate-100 overflow-y-auto rounded-lg ring-1 ring-slate-200"
                >
                  {data.keywords.map((k) => (
                    <li key={k.keywordId} className="flex items-baseline justify-between gap-3 px-3 py-2 text-sm">
                      <span className="min-w-0 break-words text-slate-900">{k.name}</span>
                      <span className="shrink-0 text-xs text-slate-600">
                        {k.running ? t('analyzeAll.running') : t('analyzeAll.points', { count: k.points })}
                      </span>
                    </li>
                  ))}
                </ul>
              </div>
            )}
          </div>
        )}
      </QueryState>
    </Modal>
  );
}
