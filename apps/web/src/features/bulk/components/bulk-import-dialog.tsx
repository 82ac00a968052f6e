import { type KeywordImportPreview, type KeywordImportStatus, isImportError } from '@rankmaps/shared/schemas/bulk-keywords';
import { type ChangeEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertTriangleIcon, CheckCircle2Icon, CopyIcon, DownloadIcon, XCircleIcon } from 'lucide-react';
import { AlertBanner } from '@/components/ui/alert-banner';
import { useApiErrorAlert } from '@/components/ui/alerts/use-api-error-alert';
import { Button } from '@/components/ui/button';
import { ColumnHeaders } from '@/components/ui/column-headers';
import { Modal, ModalActions } from '@/components/ui/modal';
import { QueryState } from '@/components/ui/query-state';
import { TextareaField } from '@/components/ui/textarea-field';
import { useToast } from '@/components/ui/toasts/toast-context';
import { ApiError } from '@/lib/api-client';
import { saveFile } from '@/lib/save-file';
import { type ImportInput, useBulkPlaces, usePreviewImport, useRunImport } from '../api/import-keywords';

interface BulkImportDialogProps {
  /** The places ticked when the dialog opens (the business page's own). */
  initialPlaceIds: string[];
  onClose: () => void;
  /** After an import: reload what shows the keywords. */
  onImported: () => Promise<unknown>;
}

type Mode = 'text' | 'file';

const STATUS_TONE: Record<KeywordImportStatus, { icon: typeof CheckCircle2Icon; className: string }> = {
  ok: { icon: CheckCircle2Icon, className: 'text-emerald-700' },
  duplicate: { icon: CopyIcon, className: 'text-slate-600' },
  over_limit: { icon: XCircleIcon, className: 'text-red-700' },
  unknown_place: { icon: XCircleIcon, className: 'text-red-700' },
  empty: { icon: XCircleIcon, className: 'text-red-700' },
  too_long: { icon: XCircleIcon, className: 'text-red-700' },
};

const IMPORT_COLUMNS = ['line', 'place', 'keyword', 'status'] as const;

const messageOf = (err: unknown, fallback: string) => (err instanceof ApiError && err.status > 0 && err.status < 500 ? err.message : fallback);

/**
 * «Añadir varias keywords» (docs/workspace.md «Bulk keywords»): pasted lines for the chosen
 * businesses, or a CSV; «Revisar» shows every row's state, and «Importar N keywords» stays
 * disabled while any row is in error, or the data changed since the preview.
 */
export function BulkImportDialog({ initialPlaceIds, onClose, onImported }: BulkImportDialogProps) {
  const { t } = useTranslation('bulk');
  const toast = useToast();
  const showApiAlert = useApiErrorAlert();
  const places = useBulkPlaces(true);
  const preview = usePreviewImport();
  const run = useRunImport(onImported);
  const [mode, setMode] = useState<Mode>('text');
  const [placeIds, setPlaceIds] = useState<string[]>(initialPlaceIds);
  const [text, setText] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [result, setResult] = useState<KeywordImportPreview | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [stale, setStale] = useState(false);
  const ids = { places: useId(), file: useId(), fileHelp: useId(), totals: useId() };

  const lines = text.split(/\r\n|\n|\r/).filter((l) => l.trim() !== '').length;

  /** Any change to the data makes the preview stale: it must be reviewed again before importing. */
  const changed = () => {
    if (result) setStale(true);
    setError(null);
  };

  const inputOf = (chosen: File | null = file): ImportInput | string => {
    if (mode === 'file') return chosen ? { source: 'file', file: chosen } : t('import.needFile');
    if (placeIds.length === 0) return t('import.needPlace');
    if (lines === 0) return t('import.needText');
    return { source: 'text', placeIds, text };
  };

  const review = async (chosen: File | null = file) => {
    const input = inputOf(chosen);
    if (typeof input === 'string') {
      setError(input);
      return;
    }
    setError(null);
    try {
      setResult(await preview.mutateAsync(input));
      setStale(false);
    } catch (err) {
      setResult(null);
      if (!showApiAlert(err)) setError(messageOf(err, t('import.error')));
    }
  };

  const submit = async () => {
    const input = inputOf();
    if (typeof input === 'string') return;
    try {
      const done = await run.mutateAsync(input);
      toast({ type: 'success', message: t('import.done', { count: done.imported }) });
      onClose();
    } catch (err) {
      // Something changed since the preview (another tab added keywords): show the rows again.
      if (!showApiAlert(err)) setError(messageOf(err, t('import.error')));
      void review();
    }
  };

  const onFile = (e: ChangeEvent<HTMLInputElement>) => {
    const chosen = e.target.files?.[0] ?? null;
    setFile(chosen);
    setResult(null);
    setStale(false);
    setError(null);
    if (chosen) void review(chosen);
  };

  const downloadExample = () => {
    const names = (places.data ?? []).slice(0, 2).map((p) => p.name);
    const rows = (names.length ? names : ['Clínica Dental Sonrisa']).map((name) => `${csvField(name)};${t('import.exampleKeyword')}`);
    saveFile(new Blob([`\uFEFFnegocio;keyword\r\n${rows.join('\r\n')}\r\n`], { type: 'text/csv;charset=utf-8' }), t('import.exampleName'));
  };

  const togglePlace = (id: string, on: boolean) => {
    setPlaceIds((before) => (on ? [...before, id] : before.filter((p) => p !== id)));
    changed();
  };

  const canImport = Boolean(result?.canImport) && !stale && !preview.isPending;
  const toAdd = result?.totals.ok ?? 0;

  return (
    <Modal
      wide
      title={t('import.title')}
      description={t('import.description')}
      closeLabel={t('import.close')}
      onClose={onClose}
      footer={
        <ModalActions
          cancel={t('import.cancel')}
          onCancel={onClose}
          submit={{ label: t('import.submit', { count: toAdd }), testId: 'bulk-import-submit', onClick: () => void submit(), disabled: !canImport || run.isPending, loading: run.isPending, 'aria-describedby': result ? ids.totals : undefined }}
        />
      }
    >
      <div className="space-y-4">
        <fieldset>
          <legend className="mb-2 text-sm font-medium text-slate-700">{t('import.source')}</legend>
          <div className="flex flex-wrap gap-2">
            {(['text', 'file'] as const).map((m) => (
              <label key={m} className={`inline-flex cursor-pointer items-center gap-2 rounded-lg px-3 py-2 text-sm ring-1 ${mode === m ? 'bg-brand-50 font-semibold text-brand-900 ring-brand-300' : 'bg-white text-slate-700 ring-slate-300'}`}>
                <input
                  type="radio"
                  name="bulk-import-mode"
                  value={m}
                  checked={mode === m}
                  onChange={() => {
                    setMode(m);
                    setResult(null);
                    setStale(false);
                    setError(null);
                  }}
                  className="accent-brand-700"
                />
                {m === 'text' ? t('import.paste') : t('import.file')}
              </label>
            ))}
          </div>
        </fieldset>

        {mode === 'text' ? (
          <>
            <fieldset aria-describedby={ids.places}>
              <legend className="mb-2 text-sm font-medium text-slate-700">{t('import.places')}</legend>
              <div id={ids.places} className="max-h-40 space-y-1 overflow-y-auto rounded-lg p-2 ring-1 ring-slate-200">
                <QueryState
                  query={places}
                  loading={t('import.placesLoading')}
                  error={t('import.placesError')}
                  isEmpty={(list) => list.length === 0}
                  empty={<p className="text-sm text-slate-600">{t('import.noPlaces')}</p>}
                >
                  {(list) =>
                    list.map((p) => (
                      <label key={p._id} className="flex cursor-pointer items-start gap-2 rounded-md px-2 py-1.5 text-sm hover:bg-slate-50">
                        <input type="checkbox" className="mt-0.5 accent-brand-700" checked={placeIds.includes(p._id)} onChange={(e) => togglePlace(p._id, e.target.checked)} />
                        <span className="min-w-0">
                          <span className="block font-medium break-words text-slate-900">{p.name}</span>
                          <span className="block text-xs break-words text-slate-500">{p.address}</span>
                        </span>
                      </label>
                    ))
                  }
                </QueryState>
              </div>
            </fieldset>
            <TextareaField
              label={t('import.text')}
              placeholder={t('import.textPlaceholder')}
              value={text}
              counter={t('import.lines', { count: lines })}
              onChange={(e) => {
                setText(e.target.value);
                changed();
              }}
              rows={6}
            />
          </>
        ) : (
          <div>
            <label htmlFor={ids.file} className="mb-1 block text-sm font-medium text-slate-700">
              {t('import.fileLabel')}
            </label>
            <input
              id={ids.file}
              type="file"
              accept=".csv,text/csv,text/plain"
              aria-describedby={ids.fileHelp}
              onChange={onFile}
              className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-lg file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:text-sm file:font-semibold file:text-brand-800 hover:file:bg-brand-100"
            />
            <p id={ids.fileHelp} className="mt-1 text-xs text-slate-600">
              {t('import.fileHelp')}
            </p>
            <Button variant="ghost" className="mt-1 px-2! py-1.5!" onClick={downloadExample}>
              <DownloadIcon className="h-4 w-4" /> {t('import.example')}
            </Button>
          </div>
        )}

        <div className="flex flex-wrap items-center gap-3">
          <Button variant="secondary" onClick={() => void review()} loading={preview.isPending}>
            {preview.isPending ? t('import.reviewing') : t('import.review')}
          </Button>
          {stale && <p className="text-sm text-amber-800">{t('import.stale')}</p>}
        </div>

        {error && <AlertBanner tone="error">{error}</AlertBanner>}

        {result && <PreviewTable preview={result} totalsId={ids.totals} />}
      </div>
    </Modal>
  );
}

/** A CSV field in the example: quoted when it holds the separator or a quote. */
const csvField = (text: string) => (/[";\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text);

function PreviewTable({ preview, totalsId }: { preview: KeywordImportPreview; totalsId: string }) {
  const { t } = useTranslation('bulk');
  const { totals } = preview;
  return (
    <section aria-labelledby={`${totalsId}-title`} className="space-y-2">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id={`${totalsId}-title`} className="text-sm font-semibold text-slate-900">
          {t('import.previewTitle')}
        </h3>
        <p id={totalsId} data-testid="bulk-import-totals" role="status" className="text-sm text-slate-700">
          {/* Each figure agrees with its noun («1 repetida», «2 repetidas»): one plural key each. */}
          {[t('import.totalsOk', { count: totals.ok }), t('import.totalsDuplicates', { count: totals.duplicates }), t('import.totalsErrors', { count: totals.errors })].join(' · ')}
        </p>
      </div>
      {totals.errors > 0 ? (
        <AlertBanner tone="warning">{t('import.hasErrors')}</AlertBanner>
      ) : totals.ok === 0 ? (
        <AlertBanner tone="info">{t('import.nothingNew')}</AlertBanner>
      ) : null}
      <div className="max-h-72 overflow-auto rounded-lg ring-1 ring-slate-200" tabIndex={0} aria-label={t('import.table')}>
        <table className="w-full min-w-[36rem] text-left text-sm">
          <caption className="sr-only">{t('import.table')}</caption>
          <thead className="sticky top-0 bg-slate-50 text-xs text-slate-600 uppercase">
            <tr>
              <ColumnHeaders className="px-3 py-2" labels={IMPORT_COLUMNS.map((column) => t(`import.columns.${column}`))} />
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {preview.rows.map((row, i) => {
              const tone = STATUS_TONE[row.status];
              const Icon = isImportError(row.status) ? XCircleIcon : row.status === 'duplicate' ? AlertTriangleIcon : tone.icon;
              return (
                <tr key={`${row.line}-${row.placeId ?? row.place}-${i}`} data-status={row.status} className={isImportError(row.status) ? 'bg-red-50/60' : undefined}>
                  <td className="px-3 py-2 text-slate-600 tabular-nums">{row.line}</td>
                  <td className="px-3 py-2 break-words text-slate-800">{row.placeName ?? row.place}</td>
                  <td className="px-3 py-2 break-words text-slate-900">{row.keyword}</td>
                  <td className="px-3 py-2">
                    <span className={`inline-flex items-center gap-1.5 font-medium ${tone.className}`}>
                      <Icon aria-hidden="true" className="h-4 w-4 shrink-0" />
                      {t(`import.status.${row.status}`)}
                    </span>
                    {row.message && <span className="mt-0.5 block text-xs text-slate-600">{row.message}</span>}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </section>
  );
}
