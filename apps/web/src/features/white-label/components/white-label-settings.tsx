import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ImageUpIcon, TrashIcon } from 'lucide-react';
import { cheapestPlanFor } from '@rankmaps/shared/plan-upgrade';
import { PROFILE_PICTURE_MAX_MB } from '@rankmaps/shared/schemas/profile';
import { BRAND_CONTACT_MAX, BRAND_FOOTER_MAX, BRAND_NAME_MAX, HEX_COLOUR, type ReportBrandSettings } from '@rankmaps/shared/schemas/report-brand';
import { useAlerts } from '@/components/ui/alerts/alerts-context';
import { Button, buttonClass } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import type { Status } from '@/components/ui/status-message';
import { TextField } from '@/components/ui/text-field';
import { ApiError } from '@/lib/api-client';
import { translateValidation } from '@/lib/i18n';
import { paths } from '@/lib/paths';
import { availabilityText } from '@/lib/upgrade-text';
import { useDeleteBrandLogo, useReportBrand, useSaveReportBrand, useUploadBrandLogo } from '../api/report-brand';
import { type BrandField, type BrandFormValues, accentAdvice, brandBody, brandFormValues } from '../utils/brand-form';

type OnStatus = (status: Status | null) => void;
const errorText = (err: unknown, fallback: string) => (err instanceof ApiError && err.message ? err.message : fallback);

/**
 * The profile's «Marca blanca» tab (docs/reports.md "White-label", docs/decisions.md §24.5): the
 * agency's name, accent colour, contact, footer and logo for its reports, with a live preview
 * of a report's header. Plans that are not for agencies see what it is and where it is offered.
 */
export function WhiteLabelSettings({ currentPlan, onStatus }: { currentPlan: string | null; onStatus: OnStatus }) {
  const { t } = useTranslation('white-label');
  const query = useReportBrand();
  if (query.isPending)
    return (
      <div role="status" className="flex items-center gap-2 text-sm text-slate-600">
        <Spinner className="h-4 w-4" />
        {t('loading')}
      </div>
    );
  if (query.isError)
    return (
      <div role="alert" className="space-y-2 text-sm text-red-800">
        <p>{t('loadError')}</p>
        <Button variant="secondary" onClick={() => void query.refetch()}>
          {t('retry')}
        </Button>
      </div>
    );
  if (!query.data.allowed) return <UpgradeNotice currentPlan={currentPlan} />;
  return <BrandForm saved={query.data} currentPlan={currentPlan} onStatus={onStatus} />;
}

function UpgradeNotice({ currentPlan }: { currentPlan: string | null }) {
  const { t } = useTranslation(['white-label', 'common']);
  const label = availabilityText(cheapestPlanFor({ kind: 'whiteLabel' }, currentPlan));
  return (
    <section aria-labelledby="white-label-title" className="max-w-2xl space-y-3" data-testid="white-label-upgrade">
      <h2 id="white-label-title" className="text-base font-semibold text-slate-900">
        {t('title')}
      </h2>
      <p className="text-sm text-slate-700">{t('intro')}</p>
      <ul className="list-disc space-y-1 pl-5 text-sm text-slate-700">
        <li>{t('upgrade.logo')}</li>
        <li>{t('upgrade.where')}</li>
        <li>{t('upgrade.poweredBy')}</li>
      </ul>
      {label && <p className="inline-block rounded-full bg-amber-50 px-3 py-1 text-sm font-medium text-amber-900 ring-1 ring-amber-200">{t(`common:${label.key}`, label.values)}</p>}
      <p>
        <Link to={paths.subscription.getHref()} className={buttonClass('primary')}>
          {t('upgrade.cta')}
        </Link>
      </p>
    </section>
  );
}

function BrandForm({ saved, currentPlan, onStatus }: { saved: ReportBrandSettings; currentPlan: string | null; onStatus: OnStatus }) {
  const { t } = useTranslation(['white-label', 'common']);
  const save = useSaveReportBrand();
  const [values, setValues] = useState<BrandFormValues>(() => brandFormValues(saved));
  const [touched, setTouched] = useState(false);
  const ids = { colour: useId(), poweredBy: useId(), poweredByHint: useId(), advice: useId() };

  const result = brandBody(values, saved.canHidePoweredBy);
  const errors: Partial<Record<BrandField, string>> = touched && 'errors' in result ? result.errors : {};
  const advice = accentAdvice(values.accent);
  const set = <K extends keyof BrandFormValues>(key: K, value: BrandFormValues[K]) => setValues((v) => ({ ...v, [key]: value }));
  const poweredByReason = saved.canHidePoweredBy ? null : availabilityText(cheapestPlanFor({ kind: 'hidePoweredBy' }, currentPlan));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    onStatus(null);
    if (!('body' in result)) return;
    try {
      const next = await save.mutateAsync(result.body);
      setValues(brandFormValues(next));
      setTouched(false);
      onStatus({ text: t('saved'), tone: 'success' });
    } catch (err) {
      onStatus({ text: errorText(err, t('saveError')), tone: 'error' });
    }
  };

  return (
    <div className="space-y-8" data-testid="white-label">
      <div className="space-y-1">
        <h2 className="text-base font-semibold text-slate-900">{t('title')}</h2>
        <p className="max-w-2xl text-sm text-slate-600">{t('intro')}</p>
      </div>

      <div className="grid gap-8 @3xl:grid-cols-[minmax(0,1fr)_minmax(0,22rem)]">
        <form onSubmit={(e) => void submit(e)} noValidate className="space-y-5" aria-label={t('formLabel')}>
          <TextField label={t('fields.name')} name="name" value={values.name} maxLength={BRAND_NAME_MAX} autoComplete="organization" onChange={(e) => set('name', e.target.value)} error={translateValidation(errors.name)} />

          <fieldset>
            <legend className="mb-1 block text-sm font-medium text-slate-700">{t('fields.accent')}</legend>
            <div className="flex flex-wrap items-end gap-3">
              <div>
                <label htmlFor={ids.colour} className="mb-1 block text-xs text-slate-600">
                  {t('fields.accentPicker')}
                </label>
                <input
                  id={ids.colour}
                  type="color"
                  value={HEX_COLOUR.test(values.accent) ? values.accent.toLowerCase() : '#000000'}
                  onChange={(e) => set('accent', e.target.value)}
                  aria-describedby={advice ? ids.advice : undefined}
                  className="h-11 w-16 cursor-pointer rounded-lg border border-slate-300 bg-white p-1"
                />
              </div>
              <TextField
                className="w-56"
                label={t('fields.accentHex')}
                name="accent"
                value={values.accent}
                maxLength={7}
                spellCheck={false}
                autoCapitalize="off"
                onChange={(e) => set('accent', e.target.value.trim())}
                error={translateValidation(errors.accent)}
              />
            </div>
            {advice && (
              <div id={ids.advice} role="status" className="mt-2 space-y-2 rounded-lg bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200" data-testid="accent-advice">
                <p>{t('contrast.warning', { ratio: advice.ratio.toLocaleString('es-ES') })}</p>
                <Button variant="secondary" onClick={() => set('accent', advice.darker)}>
                  {t('contrast.darken', { colour: advice.darker })}
                </Button>
              </div>
            )}
          </fieldset>

          <TextField label={t('fields.contact')} name="contact" value={values.contact} maxLength={BRAND_CONTACT_MAX} hint={t('fields.contactHint')} onChange={(e) => set('contact', e.target.value)} error={translateValidation(errors.contact)} />
          <TextField label={t('fields.footer')} name="footer" value={values.footer} maxLength={BRAND_FOOTER_MAX} hint={t('fields.footerHint', { max: BRAND_FOOTER_MAX })} onChange={(e) => set('footer', e.target.value)} error={translateValidation(errors.footer)} />

          <div className="space-y-1">
            <div className="flex items-center gap-3">
              <input
                id={ids.poweredBy}
                type="checkbox"
                role="switch"
                checked={saved.canHidePoweredBy && values.hidePoweredBy}
                disabled={!saved.canHidePoweredBy}
                aria-describedby={ids.poweredByHint}
                onChange={(e) => set('hidePoweredBy', e.target.checked)}
                className="h-5 w-5 accent-brand-700 disabled:cursor-not-allowed"
              />
              <label htmlFor={ids.poweredBy} className={`text-sm ${saved.canHidePoweredBy ? 'text-slate-800' : 'text-slate-600'}`}>
                {t('fields.hidePoweredBy')}
              </label>
            </div>
            <p id={ids.poweredByHint} className="pl-8 text-xs text-slate-600">
              {poweredByReason ? t('fields.hidePoweredByLocked', { reason: t(`common:${poweredByReason.key}`, poweredByReason.values) }) : t('fields.hidePoweredByHint')}
            </p>
          </div>

          <Button type="submit" loading={save.isPending}>
            {t('save')}
          </Button>
        </form>

        <div className="space-y-6">
          <LogoField logoUrl={saved.logoUrl} onStatus={onStatus} />
          <HeaderPreview values={values} logoUrl={saved.logoUrl} poweredBy={!(saved.canHidePoweredBy && values.hidePoweredBy)} />
        </div>
      </div>
    </div>
  );
}

/** The logo: uploaded as soon as it is chosen (the server checks and re-encodes it), removed after a confirmation. */
function LogoField({ logoUrl, onStatus }: { logoUrl: string | null; onStatus: OnStatus }) {
  const { t } = useTranslation('white-label');
  const { confirm } = useAlerts();
  const upload = useUploadBrandLogo();
  const remove = useDeleteBrandLogo();
  const inputRef = useRef<HTMLInputElement>(null);
  const hintId = useId();

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    onStatus(null);
    try {
      await upload.mutateAsync(file);
      onStatus({ text: t('logo.uploaded'), tone: 'success' });
    } catch (err) {
      onStatus({ text: errorText(err, t('logo.uploadError')), tone: 'error' });
    }
  };

  const onRemove = async () => {
    const ok = await confirm({ title: t('logo.removeTitle'), message: t('logo.removeBody'), confirmLabel: t('logo.removeYes'), destructive: true });
    if (!ok) return;
    onStatus(null);
    try {
      await remove.mutateAsync(undefined);
      onStatus({ text: t('logo.removed'), tone: 'success' });
    } catch (err) {
      onStatus({ text: errorText(err, t('logo.removeError')), tone: 'error' });
    }
  };

  return (
    <section aria-labelledby={`${hintId}-title`} className="space-y-3" data-testid="brand-logo">
      <h3 id={`${hintId}-title`} className="text-sm font-medium text-slate-700">
        {t('logo.title')}
      </h3>
      <div className="flex h-24 items-center justify-center rounded-lg border border-dashed border-slate-300 bg-slate-50 p-3">
        {logoUrl ? <img src={logoUrl} alt={t('logo.currentAlt')} className="max-h-full max-w-full object-contain" /> : <p className="text-sm text-slate-600">{t('logo.none')}</p>}
      </div>
      <input
        ref={inputRef}
        type="file"
        accept="image/png,image/jpeg,image/webp,image/gif,image/avif"
        tabIndex={-1}
        aria-hidden="true"
        className="sr-only"
        data-testid="brand-logo-input"
        onChange={(e) => {
          void onFile(e.target.files?.[0]);
          e.target.value = '';
        }}
      />
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" onClick={() => inputRef.current?.click()} loading={upload.isPending} aria-describedby={hintId}>
          <ImageUpIcon className="h-4 w-4" aria-hidden="true" />
          {logoUrl ? t('logo.change') : t('logo.upload')}
        </Button>
        {logoUrl && (
          <Button variant="ghost" className="text-red-700! hover:bg-red-50!" onClick={() => void onRemove()} loading={remove.isPending}>
            <TrashIcon className="h-4 w-4" aria-hidden="true" />
            {t('logo.remove')}
          </Button>
        )}
      </div>
      <p id={hintId} className="text-xs text-slate-600">
        {t('logo.hint', { mb: PROFILE_PICTURE_MAX_MB })}
      </p>
    </section>
  );
}

/** A report's header as the share page and the PDF draw it, in the accent colour. */
function HeaderPreview({ values, logoUrl, poweredBy }: { values: BrandFormValues; logoUrl: string | null; poweredBy: boolean }) {
  const { t } = useTranslation('white-label');
  const accent = HEX_COLOUR.test(values.accent) ? values.accent : '#2563eb';
  const name = values.name.trim() || t('preview.namePlaceholder');
  return (
    <figure className="space-y-2" data-testid="brand-preview">
      <figcaption className="text-sm font-medium text-slate-700">{t('preview.title')}</figcaption>
      <div className="overflow-hidden rounded-lg ring-1 ring-slate-200">
        <div className="flex items-center gap-3 px-4 py-3 text-white" style={{ backgroundColor: accent }} data-testid="brand-preview-header">
          {logoUrl && (
            <span className="flex h-10 max-w-[8rem] shrink-0 items-center rounded bg-white px-1.5">
              <img src={logoUrl} alt="" className="max-h-8 max-w-full object-contain" />
            </span>
          )}
          <div className="min-w-0">
            <p className="truncate font-semibold">{name}</p>
            <p className="text-xs">{t('preview.subtitle')}</p>
          </div>
        </div>
        <div className="space-y-1 bg-white px-4 py-3 text-xs text-slate-600">
          <p className="font-medium text-slate-800">{t('preview.sample')}</p>
          {values.contact.trim() && <p>{values.contact}</p>}
          {values.footer.trim() && <p className="border-t border-slate-100 pt-1">{values.footer}</p>}
          {poweredBy && <p className="text-[11px] text-slate-600">{t('preview.poweredBy')}</p>}
        </div>
      </div>
    </figure>
  );
}
