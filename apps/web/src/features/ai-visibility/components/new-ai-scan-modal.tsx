import { QueryState } from '@/components/ui/query-state';
import {
  AI_DEFAULT_GRID_SIZE,
  AI_DEFAULT_SAMPLES,
  AI_GRID_SIZES,
  AI_MAX_SAMPLES,
  AI_MIN_SAMPLES,
} from '@rankmaps/shared/schemas/ai-visibility';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertBanner } from '@/components/ui/alert-banner';
import { useApiErrorAlert } from '@/components/ui/alerts/use-api-error-alert';
import { Modal, ModalActions } from '@/components/ui/modal';
import { Spinner } from '@/components/ui/spinner';
import { apiErrorText } from '@/lib/api-client';
import { formatCount, formatMoney } from '@/lib/format';
import { type AiScanBody, useAiEngines, useAiQuote, useStartAiScan } from '../api/ai-visibility';

interface Props {
  keywordId: string;
  onClose: () => void;
  /** After the server accepted it: the page selects and follows the new analysis. */
  onStarted: (id: string) => void;
}

const SAMPLE_CHOICES = Array.from({ length: AI_MAX_SAMPLES - AI_MIN_SAMPLES + 1 }, (_, i) => AI_MIN_SAMPLES + i);

/**
 * «Nuevo análisis de IA» (issue 30 item 1): the engines (an unavailable one disabled with the
 * server's reason), the grid and the samples, and the quote from the server (dryRun) before
 * anything runs: credits per engine, the total in credits and euros, Gemini's free-quota warning.
 */
export function NewAiScanModal({ keywordId, onClose, onStarted }: Props) {
  const { t, i18n } = useTranslation('ai-visibility');
  const showApiAlert = useApiErrorAlert();
  const enginesQuery = useAiEngines();
  const [picked, setPicked] = useState<string[] | null>(null);
  const [gridSize, setGridSize] = useState<number>(AI_DEFAULT_GRID_SIZE);
  const [samples, setSamples] = useState<number>(AI_DEFAULT_SAMPLES);
  const formId = useId();
  const gridId = useId();
  const samplesId = useId();
  const engines = enginesQuery.data?.engines ?? [];
  // Until the user touches the boxes, the first two available engines are picked.
  const chosen =
    picked ??
    engines
      .filter((e) => e.available)
      .slice(0, 2)
      .map((e) => e.id);
  const body: AiScanBody = { engines: chosen, gridSize, samples };
  const quoteQuery = useAiQuote(keywordId, body);
  const quote = quoteQuery.data;
  const start = useStartAiScan(keywordId);
  const [startError, setStartError] = useState<string | null>(null);

  const toggle = (id: string) => setPicked(chosen.includes(id) ? chosen.filter((e) => e !== id) : [...chosen, id]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (chosen.length === 0 || !quote?.enough) return;
    setStartError(null);
    start.mutate(body, {
      onSuccess: (created) => onStarted(created.id),
      // A plan or balance refusal opens its own alert; anything else is said here, in the server's words when it gave some.
      onError: (err) => {
        if (!showApiAlert(err)) setStartError(apiErrorText(err, t('modal.startFailed')));
      },
    });
  };
  const ready = chosen.length > 0 && quote !== undefined && quote.enough && !quoteQuery.isFetching;

  return (
    <Modal
      title={t('modal.title')}
      description={t('modal.description')}
      closeLabel={t('modal.close')}
      onClose={onClose}
      footer={
        <ModalActions
          cancel={t('modal.cancel')}
          onCancel={onClose}
          submit={{
            label: t('modal.start'),
            type: 'submit',
            form: formId,
            loading: start.isPending,
            disabled: !ready || start.isPending,
            testId: 'ai-scan-start',
          }}
        />
      }
    >
      <form id={formId} onSubmit={submit} className="space-y-5" noValidate>
        <fieldset>
          <legend className="text-sm font-semibold text-slate-900">{t('modal.engines')}</legend>
          <QueryState query={enginesQuery} loading={t('modal.loadingEngines')} error={t('modal.enginesFailed')} className="mt-2">
            {() => (
              <ul className="mt-2 space-y-2">
                {engines.map((engine) => {
                  const reasonId = `${formId}-${engine.id}-reason`;
                  return (
                    <li key={engine.id}>
                      <label
                        className={`flex items-start gap-3 rounded-lg p-2 ring-1 ring-slate-200 ${engine.available ? 'cursor-pointer hover:bg-slate-50' : 'bg-slate-50 opacity-80'}`}
                      >
                        <input
                          type="checkbox"
                          className="mt-0.5 h-4 w-4"
                          checked={chosen.includes(engine.id)}
                          disabled={!engine.available}
                          aria-describedby={engine.reason ? reasonId : undefined}
                          onChange={() => toggle(engine.id)}
                        />
                        <span className="min-w-0 text-sm">
                          <span className="font-medium text-slate-900">{engine.label}</span>
                          <span className="text-slate-600">
                            {' · '}
                            {t(engine.scope === 'city' ? 'modal.scopeCity' : 'modal.scopePoint')}
                            {' · '}
                            {t('modal.creditsPerCall', { count: engine.creditsPerCall })}
                          </span>
                          {engine.demo && engine.available && (
                            <span className="ml-1 rounded bg-amber-100 px-1.5 text-xs font-semibold text-amber-900">{t('demo')}</span>
                          )}
                          {engine.reason && (
                            <span id={reasonId} className="mt-0.5 block text-xs text-slate-700">
                              {engine.reason}
                            </span>
                          )}
                        </span>
                      </label>
                    </li>
                  );
                })}
              </ul>
            )}
          </QueryState>
        </fieldset>

        <div className="grid gap-4 sm:grid-cols-2">
          <div>
            <label htmlFor={gridId} className="text-sm font-semibold text-slate-900">
              {t('modal.grid')}
            </label>
            <select
              id={gridId}
              value={gridSize}
              onChange={(e) => setGridSize(Number(e.target.value))}
              className="mt-1 block w-full rounded-lg border-slate-300 text-sm"
            >
              {AI_GRID_SIZES.map((n) => (
                <option key={n} value={n}>
                  {t('modal.gridOption', { n, points: n * n })}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor={samplesId} className="text-sm font-semibold text-slate-900">
              {t('modal.samples')}
            </label>
            <select
              id={samplesId}
              value={samples}
              onChange={(e) => setSamples(Number(e.target.value))}
              className="mt-1 block w-full rounded-lg border-slate-300 text-sm"
            >
              {SAMPLE_CHOICES.map((n) => (
                <option key={n} value={n}>
                  {t('modal.samplesOption', { count: n })}
                </option>
              ))}
            </select>
          </div>
        </div>
        <p className="text-xs text-slate-600">{t('modal.samplesHint')}</p>

        <section
          aria-labelledby={`${formId}-quote`}
          aria-live="polite"
          className="rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200"
          data-testid="ai-quote"
        >
          <h3 id={`${formId}-quote`} className="text-sm font-semibold text-slate-900">
            {t('quote.title')}
          </h3>
          {chosen.length === 0 ? (
            <p className="mt-1 text-sm text-slate-700">{t('quote.pickEngine')}</p>
          ) : quoteQuery.isError ? (
            <p className="mt-1 text-sm text-red-700">{apiErrorText(quoteQuery.error, t('quote.failed'))}</p>
          ) : !quote ? (
            <p role="status" className="mt-1 flex items-center gap-2 text-sm text-slate-600">
              <Spinner className="h-4 w-4" />
              {t('quote.loading')}
            </p>
          ) : (
            <>
              <ul className="mt-2 space-y-1 text-sm text-slate-800">
                {quote.engines.map((e) => (
                  <li key={e.id} className="flex justify-between gap-3" data-engine={e.id}>
                    <span>
                      {e.label} <span className="text-slate-600">{t('quote.calls', { count: e.calls })}</span>
                    </span>
                    <span className="font-medium tabular-nums">
                      {t('quote.credits', { count: e.credits, formatted: formatCount(e.credits, i18n.language) })}
                    </span>
                  </li>
                ))}
              </ul>
              <p
                className="mt-2 flex justify-between gap-3 border-t border-slate-200 pt-2 text-sm font-semibold text-slate-900"
                data-testid="ai-quote-total"
              >
                <span>{t('quote.total')}</span>
                <span className="tabular-nums">
                  {t('quote.credits', { count: quote.totalCredits, formatted: formatCount(quote.totalCredits, i18n.language) })} (≈{' '}
                  {formatMoney(quote.euros, 'EUR', i18n.language)})
                </span>
              </p>
              <p className="mt-1 text-xs text-slate-600">
                {t('quote.balance', { count: quote.balance, formatted: formatCount(quote.balance, i18n.language) })}
              </p>
              {quote.freeQuotaWarning && (
                <p
                  className="mt-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-200"
                  data-testid="ai-free-quota"
                >
                  {quote.freeQuotaWarning}
                </p>
              )}
              {!quote.enough && (
                <p className="mt-2 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800 ring-1 ring-red-200" role="alert">
                  {t('quote.notEnough')}
                </p>
              )}
            </>
          )}
        </section>
        {startError && <AlertBanner tone="error">{startError}</AlertBanner>}
      </form>
    </Modal>
  );
}
