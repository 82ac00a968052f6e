import { DateFormField } from '@/components/ui/date-field';
import {
  CAMPAIGN_FREQUENCIES,
  CAMPAIGN_NAME_MAX,
  type Campaign,
  type CampaignRequest,
  MONTH_DAY_MAX,
} from '@rankmaps/shared/schemas/campaigns';
import { type FormEvent, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { AlertBanner } from '@/components/ui/alert-banner';
import { HomeBreadcrumb } from '@/components/ui/breadcrumb';
import { Button, buttonClass } from '@/components/ui/button';
import { AiRoundFields } from '@/components/ai/ai-round-fields';
import { SelectField } from '@/components/ui/select-field';
import { QueryState } from '@/components/ui/query-state';
import { TextField } from '@/components/ui/text-field';
import { useToast } from '@/components/ui/toasts/toast-context';
import { ApiError } from '@/lib/api-client';
import { usePlaces } from '@/features/places/api/get-places';
import { useSession } from '@/lib/auth/session';
import { paths } from '@/lib/paths';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useCampaign, useCampaignPreview, useCreateCampaign, useUpdateCampaign } from '../api/campaigns';
import { type CampaignForm, emptyForm, formOf, requestOf } from '../utils/campaign-form';
import { hourText, scheduleText } from '../utils/schedule-text';
import { KeywordPicker } from './keyword-picker';
import { PreviewPanel } from './preview-panel';
import { RoundsHistory } from './rounds-history';
import { UpgradePanel } from './upgrade-panel';
import { WEEK_FROM_MONDAY } from '@/lib/week';

/** How long the fields must rest before the preview is asked for again. */
const PREVIEW_DEBOUNCE_MS = 400;

/** /campanas/nueva and /campanas/:id (docs/workspace.md «Campañas»): the editor, or a place's weekly scan with its rounds. */
export function CampaignEditorPage({ campaignId }: { campaignId: string | undefined }) {
  const { t } = useTranslation('campaigns');
  const { profile } = useSession();
  const campaign = useCampaign(campaignId);
  const pro = profile?.planLimits.type === 'pro';
  const title = campaignId ? (campaign.data?.name ?? t('editor.titleEdit')) : t('editor.titleNew');

  const editorOrUpsell = (loaded: Campaign | undefined) =>
    pro ? <CampaignEditor campaign={loaded} /> : <UpgradePanel currentPlan={profile?.currentPlan ?? null} />;
  let body;
  if (!campaignId) body = editorOrUpsell(undefined);
  else if (campaign.error instanceof ApiError && campaign.error.status === 404)
    body = (
      <AlertBanner tone="error" title={t('editor.notFound')}>
        <Link to={paths.campaigns.getHref()} className="mt-2 inline-block font-semibold underline">
          {t('editor.back')}
        </Link>
      </AlertBanner>
    );
  else
    body = (
      <QueryState query={campaign} error={t('editor.loadError')}>
        {(loaded) => (loaded.kind === 'place' ? <PlaceScanView campaign={loaded} /> : editorOrUpsell(loaded))}
      </QueryState>
    );

  return (
    <div data-page="campaign" className="space-y-6">
      <HomeBreadcrumb t={t} items={[{ label: t('title'), to: paths.campaigns.getHref() }, { label: title }]} />
      <h1 className="text-2xl font-bold tracking-tight break-words text-slate-900 sm:text-3xl">{title}</h1>
      {body}
      {campaign.data && <RoundsHistory rounds={campaign.data.rounds} timeZone={campaign.data.places[0]?.timeZone ?? 'Europe/Madrid'} />}
    </div>
  );
}

/** A place's weekly scan: shown, not edited here; its card on the business page changes it. */
function PlaceScanView({ campaign: c }: { campaign: Campaign }) {
  const { t, i18n } = useTranslation('campaigns');
  const place = c.places[0];
  return (
    <section className="space-y-2 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
      <p className="text-sm text-slate-700">{scheduleText(c, t, i18n.language)}</p>
      <p className="text-sm text-slate-700">{t('editor.state', { state: t(`row.state.${c.state}`) })}</p>
      <p className="text-sm text-slate-600">{t('editor.placeScan')}</p>
      {place && (
        <Link to={paths.place.getHref(place.id)} className={`${buttonClass('secondary')} mt-2 inline-flex py-2!`}>
          {t('row.openPlace')}
        </Link>
      )}
    </section>
  );
}

const hours = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => ({ value: String(from + i), label: hourText(from + i) }));

/** The form, its debounced preview and the save (docs/workspace.md «Campañas»). */
function CampaignEditor({ campaign }: { campaign: Campaign | undefined }) {
  const { t } = useTranslation('campaigns');
  const navigate = useNavigate();
  const toast = useToast();
  const create = useCreateCampaign();
  const update = useUpdateCampaign();
  const [form, setForm] = useState<CampaignForm>(() => (campaign ? formOf(campaign) : emptyForm()));
  const [serverError, setServerError] = useState<string | null>(null);
  // One click, one campaign: the ref blocks a second submit before React re-renders the disabled button.
  const sending = useRef(false);
  const set = <K extends keyof CampaignForm>(key: K, value: CampaignForm[K]) => setForm((f) => ({ ...f, [key]: value }));

  const request = useMemo(() => requestOf(form), [form]);
  // The preview needs a name to validate; an unnamed draft is priced under a stand-in one.
  const previewRequest: CampaignRequest | null =
    request.keywordIds.length === 0 ? null : { ...request, name: request.name.trim() || t('editor.untitled') };
  const settled = useDebouncedValue(previewRequest, PREVIEW_DEBOUNCE_MS);
  const preview = useCampaignPreview(campaign?.id ?? null, settled);
  const previewError = preview.isError
    ? preview.error instanceof ApiError && preview.error.status > 0
      ? preview.error.message
      : t('preview.error')
    : null;
  // Save waits for the preview of the fields as they are, and stays off while it finds a problem.
  const stale = JSON.stringify(settled) !== JSON.stringify(previewRequest) || preview.isFetching;
  const refused = Boolean(preview.data?.problem) || (preview.error instanceof ApiError && preview.error.status === 400);
  const places = usePlaces();
  const timeZone = campaign?.places[0]?.timeZone ?? places.data?.[0]?.timeZone ?? 'Europe/Madrid';
  const weekdays = t('editor.weekdays').split(',');
  const pending = create.isPending || update.isPending;

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (sending.current) return;
    sending.current = true;
    setServerError(null);
    try {
      if (campaign) {
        await update.mutateAsync({ id: campaign.id, body: request });
        toast({ type: 'success', message: t('editor.saved') });
      } else {
        const saved = await create.mutateAsync(request);
        toast({ type: 'success', message: t('editor.created', { name: saved.name }) });
      }
      void navigate(paths.campaigns.getHref());
    } catch (err) {
      setServerError(err instanceof ApiError && err.status > 0 ? err.message : t('editor.saveError'));
    } finally {
      sending.current = false;
    }
  };

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start">
      <div className="min-w-0 space-y-5 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
        <TextField
          label={t('editor.name')}
          value={form.name}
          maxLength={CAMPAIGN_NAME_MAX}
          required
          onChange={(e) => set('name', e.target.value)}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField
            label={t('editor.frequency')}
            value={form.frequency}
            options={CAMPAIGN_FREQUENCIES.map((f) => ({ value: f, label: t(`editor.frequencies.${f}`) }))}
            onChange={(e) => set('frequency', e.target.value as CampaignForm['frequency'])}
          />
          {form.frequency === 'once' && (
            <DateFormField label={t('editor.date')} value={form.date} onChange={(v) => set('date', v)} />
          )}
          {(form.frequency === 'weekly' || form.frequency === 'biweekly') && (
            <SelectField
              label={t('editor.weekday')}
              value={String(form.weekday)}
              options={WEEK_FROM_MONDAY.map((i) => ({ value: String(i), label: weekdays[i] ?? '' }))}
              onChange={(e) => set('weekday', Number(e.target.value))}
            />
          )}
          {form.frequency === 'monthly' && (
            <SelectField
              label={t('editor.monthDay')}
              hint={t('editor.monthDayHint')}
              value={String(form.monthDay)}
              options={Array.from({ length: MONTH_DAY_MAX }, (_, i) => ({ value: String(i + 1), label: String(i + 1) }))}
              onChange={(e) => set('monthDay', Number(e.target.value))}
            />
          )}
          <SelectField
            label={t('editor.hour')}
            hint={t('editor.zoneHint')}
            value={String(form.hour)}
            options={hours(0, 23)}
            onChange={(e) => set('hour', Number(e.target.value))}
          />
        </div>
        <div className="space-y-3">
          <label className="flex items-center gap-2 text-sm font-medium text-slate-800">
            <input
              type="checkbox"
              className="h-4 w-4 accent-brand-700"
              checked={form.useWindow}
              onChange={(e) => set('useWindow', e.target.checked)}
            />
            {t('editor.useWindow')}
          </label>
          {form.useWindow && (
            <div className="grid grid-cols-2 gap-4">
              <SelectField
                label={t('editor.windowStart')}
                value={String(form.windowStart)}
                options={hours(0, 23)}
                onChange={(e) => set('windowStart', Number(e.target.value))}
              />
              <SelectField
                label={t('editor.windowEnd')}
                value={String(form.windowEnd)}
                options={hours(1, 24)}
                onChange={(e) => set('windowEnd', Number(e.target.value))}
              />
              <p className="col-span-2 -mt-2 text-xs text-slate-500">{t('editor.windowHint')}</p>
            </div>
          )}
        </div>
        <KeywordPicker selected={form.keywordIds} onChange={(ids) => set('keywordIds', ids)} />
        <AiSection form={form} set={set} />
      </div>

      <div className="min-w-0 space-y-4 lg:sticky lg:top-4">
        <PreviewPanel
          preview={preview.data}
          idle={previewRequest === null}
          loading={preview.isFetching}
          error={previewError}
          timeZone={timeZone}
          onLeaveOut={(ids) => setForm((f) => ({ ...f, keywordIds: f.keywordIds.filter((id) => !ids.includes(id)) }))}
        />
        {serverError && (
          <p
            data-testid="campaign-save-error"
            role="alert"
            className="rounded-lg bg-red-50 px-3 py-2 text-sm font-medium text-red-800 ring-1 ring-red-200"
          >
            {serverError}
          </p>
        )}
        <div className="flex flex-wrap gap-2">
          <Button type="submit" loading={pending} disabled={pending || stale || refused || form.keywordIds.length === 0}>
            {campaign ? t('editor.save') : t('editor.create')}
          </Button>
          <Link to={paths.campaigns.getHref()} className={buttonClass('secondary')}>
            {t('editor.cancel')}
          </Link>
        </div>
      </div>
    </form>
  );
}

/**
 * «Visibilidad en IA» in every round (docs/decisions.md §31.16): the shared fields; the round's AI
 * credits are the server's, in the preview beside.
 */
function AiSection({ form, set }: { form: CampaignForm; set: <K extends keyof CampaignForm>(key: K, value: CampaignForm[K]) => void }) {
  const { t } = useTranslation('campaigns');
  return (
    <AiRoundFields
      testId="campaign-ai"
      useLabel={t('editor.ai.use')}
      hint={t('editor.ai.hint')}
      value={{ on: form.useAi, engines: form.aiEngines, gridSize: form.aiGridSize, samples: form.aiSamples }}
      onChange={(v) => {
        if (v.on !== form.useAi) set('useAi', v.on);
        if (v.engines !== form.aiEngines) set('aiEngines', v.engines);
        if (v.gridSize !== form.aiGridSize) set('aiGridSize', v.gridSize);
        if (v.samples !== form.aiSamples) set('aiSamples', v.samples);
      }}
    />
  );
}
