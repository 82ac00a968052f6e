import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { cheapestPlanFor } from '@rankmaps/shared/plan-upgrade';
import { PROFILE_PICTURE_MAX_MB } from '@rankmaps/shared/schemas/profile';
import { BRAND_CONTACT_MAX, BRAND_FOOTER_MAX, BRAND_NAME_MAX, HEX_COLOUR, type ReportBrandSettings } from '@rankmaps/shared/schemas/report-brand';
import { Button } from '@/components/ui/button';
import { LogoUploadField } from '@/components/ui/logo-upload-field';
import { PlanUpsell } from '@/components/ui/plan-upsell';
import { QueryState } from '@/components/ui/query-state';
import type { Status } from '@/components/ui/status-message';
import { TextField } from '@/components/ui/text-field';
import { apiErrorText } from '@/lib/api-client';
import { translateValidation } from '@/lib/i18n';
import { availabilityText } from '@/lib/upgrade-text';
import { useDeleteBrandLogo, useReportBrand, useSaveReportBrand, useUploadBrandLogo } from '../api/report-brand';
import { type BrandField, type BrandFormValues, accentAdvice, brandBody, brandFormValues } from '../utils/brand-form';

type OnStatus = (status: Status | null) => void;

/**
 * The profile's «Marca blanca» tab (docs/reports.md "White-label", docs/decisions.md §24.5): the
 * agency's name, accent colour, contact, footer and logo for its reports, with a live preview
 * of a report's header. Plans that are not for agencies see what it is and where it is offered.
 */
export function WhiteLabelSettings({ currentPlan, onStatus }: { currentPlan: string | null; onStatus: OnStatus }) {
  const { t } = useTranslation('white-label');
  const query = useReportBrand();
  return (
    <QueryState query={query} loading={t('loading')} error={t('loadError')}>
      {(saved) => (saved.allowed ? <BrandForm saved={saved} currentPlan={currentPlan} onStatus={onStatus} /> : <UpgradeNotice currentPlan={currentPlan} />)}
    </QueryState>
  );
}

function UpgradeNotice({ currentPlan }: { currentPlan: string | null }) {
  const { t } = useTranslation(['white-label', 'common']);
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
      <PlanUpsell action={{ kind: 'whiteLabel' }} currentPlan={currentPlan} cta={t('upgrade.cta')} />
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
      onStatus({ text: apiErrorText(err, t('saveError')), tone: 'error' });
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

/** The agency's logo; each result goes to the tab's status line. */
function LogoField({ logoUrl, onStatus }: { logoUrl: string | null; onStatus: OnStatus }) {
  const { t } = useTranslation('white-label');
  const upload = useUploadBrandLogo();
  const remove = useDeleteBrandLogo();
  return (
    <LogoUploadField
      logoUrl={logoUrl}
      title={t('logo.title')}
      testId="brand-logo"
      upload={{ run: (file) => upload.mutateAsync(file), isPending: upload.isPending }}
      remove={{ run: () => remove.mutateAsync(undefined), isPending: remove.isPending }}
      confirmRemove={{ title: t('logo.removeTitle'), message: t('logo.removeBody'), confirmLabel: t('logo.removeYes') }}
      texts={{
        currentAlt: t('logo.currentAlt'),
        none: t('logo.none'),
        upload: t('logo.upload'),
        change: t('logo.change'),
        remove: t('logo.remove'),
        hint: t('logo.hint', { mb: PROFILE_PICTURE_MAX_MB }),
        uploaded: t('logo.uploaded'),
        uploadError: t('logo.uploadError'),
        removed: t('logo.removed'),
        removeError: t('logo.removeError'),
      }}
      onOutcome={onStatus}
    />
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
