import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { NOTIFICATION_KINDS, OFFERED_CHANNELS, THRESHOLD_MAX, THRESHOLD_MIN, type NotificationSettings } from '@rankmaps/shared/schemas/notifications';
import { Button } from '@/components/ui/button';
import { CheckboxField } from '@/components/ui/checkbox-field';
import { QueryState } from '@/components/ui/query-state';
import { Spinner } from '@/components/ui/spinner';
import type { Status } from '@/components/ui/status-message';
import { TextField } from '@/components/ui/text-field';
import { SlackWebhookForm } from '@/components/notifications/slack-webhook-form';
import { ApiError } from '@/lib/api-client';
import { useNotificationSettings, useOwnPlaces, useSaveNotificationSettings } from '../api/notifications';
import { thresholdError } from '../utils/notification-view';

const THRESHOLDS = ['geoRankDropPoints', 'geoRankGainPoints', 'localPackLostPercent', 'localPackGainedPercent'] as const;


/**
 * The profile's «Notificaciones» tab (docs/decisions.md §23.2): how e-mails arrive (one per
 * alert or a daily digest, and whether each analysis of a round sends «Análisis completado»), the thresholds of the rank alerts, each alert's channels (in the
 * app, e-mail, Slack), the businesses whose alerts are muted, and the Slack webhook URL.
 */
export function NotificationSettingsForm({ onStatus }: { onStatus: (status: Status | null) => void }) {
  const query = useNotificationSettings();
  const { t } = useTranslation('notifications');
  return (
    <div className="space-y-8">
      <QueryState query={query} loading={t('settings.loading')} error={t('settings.loadError')}>
        {(initial) => <SettingsForm initial={initial} onStatus={onStatus} />}
      </QueryState>
      <section aria-labelledby="slack-title" className="border-t border-slate-200 pt-6">
        <h2 id="slack-title" className="mb-1 text-base font-semibold text-slate-900">
          {t('slack.title')}
        </h2>
        <SlackWebhookForm path="/notifications/slack" help={t('slack.help')} testId="slack-webhook" />
      </section>
    </div>
  );
}

function SettingsForm({ initial, onStatus }: { initial: NotificationSettings; onStatus: (status: Status | null) => void }) {
  const { t } = useTranslation('notifications');
  const places = useOwnPlaces();
  const save = useSaveNotificationSettings();
  const [form, setForm] = useState(initial);
  const [raw, setRaw] = useState<Record<(typeof THRESHOLDS)[number], string>>(() => Object.fromEntries(THRESHOLDS.map((k) => [k, String(initial[k])])) as Record<(typeof THRESHOLDS)[number], string>);
  const [touched, setTouched] = useState(false);

  const errors = Object.fromEntries(THRESHOLDS.map((k) => [k, thresholdError(raw[k])])) as Record<(typeof THRESHOLDS)[number], 'invalid' | null>;
  const invalid = THRESHOLDS.some((k) => errors[k]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    onStatus(null);
    if (invalid) return;
    const body: NotificationSettings = { ...form, ...Object.fromEntries(THRESHOLDS.map((k) => [k, Number(raw[k])])) };
    try {
      const saved = await save.mutateAsync(body);
      setForm(saved);
      onStatus({ text: t('settings.saved'), tone: 'success' });
    } catch (err) {
      onStatus({ text: err instanceof ApiError && err.message ? err.message : t('settings.saveError'), tone: 'error' });
    }
  };

  const toggleMuted = (placeId: string, muted: boolean) =>
    setForm((f) => ({ ...f, mutedPlaceIds: muted ? [...f.mutedPlaceIds, placeId] : f.mutedPlaceIds.filter((id) => id !== placeId) }));

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="space-y-8" data-testid="notification-settings">
      <fieldset className="space-y-2">
        <legend className="mb-2 text-base font-semibold text-slate-900">{t('settings.emailMode.title')}</legend>
        {(['each', 'digest'] as const).map((mode) => (
          <label key={mode} className="flex items-start gap-2 text-sm text-slate-700">
            <input
              type="radio"
              name="emailMode"
              value={mode}
              checked={form.emailMode === mode}
              onChange={() => setForm((f) => ({ ...f, emailMode: mode }))}
              className="mt-0.5 h-4 w-4 accent-brand-700"
            />
            <span>{t(`settings.emailMode.${mode}`)}</span>
          </label>
        ))}
        {/* By default a round's analyses e-mail nothing each: the round's summary does (docs/decisions.md §25.6). */}
        <CheckboxField
          className="pt-2"
          name="roundScanEmails"
          data-testid="round-scan-emails"
          label={t('settings.emailMode.roundScanEmails')}
          checked={form.roundScanEmails}
          onChange={(e) => setForm((f) => ({ ...f, roundScanEmails: e.target.checked }))}
        />
      </fieldset>

      <fieldset>
        <legend className="mb-1 text-base font-semibold text-slate-900">{t('settings.thresholds.title')}</legend>
        <p className="mb-3 text-sm text-slate-600">{t('settings.thresholds.help')}</p>
        <div className="grid gap-4 @lg:grid-cols-2">
          {THRESHOLDS.map((k) => (
            <TextField
              key={k}
              label={t(`settings.thresholds.${k}`)}
              inputMode="numeric"
              type="number"
              min={THRESHOLD_MIN}
              max={THRESHOLD_MAX}
              step={1}
              name={k}
              value={raw[k]}
              onChange={(e) => setRaw((r) => ({ ...r, [k]: e.target.value }))}
              error={touched && errors[k] ? t(k.startsWith('geoRank') ? 'settings.thresholds.invalidPoints' : 'settings.thresholds.invalidPercent') : undefined}
            />
          ))}
        </div>
      </fieldset>

      <fieldset>
        <legend className="mb-3 text-base font-semibold text-slate-900">{t('settings.kinds.title')}</legend>
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead>
              <tr className="border-b border-slate-200 text-slate-600">
                <th scope="col" className="py-2 pr-3 font-medium">
                  {t('settings.kinds.alert')}
                </th>
                {OFFERED_CHANNELS.map((c) => (
                  <th key={c} scope="col" className="px-2 py-2 text-center font-medium">
                    {t(`settings.channels.${c}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {NOTIFICATION_KINDS.map((kind) => (
                <tr key={kind} className="border-b border-slate-100">
                  <th scope="row" className="py-2 pr-3 font-normal text-slate-800">
                    {t(`kinds.${kind}`)}
                  </th>
                  {OFFERED_CHANNELS.map((c) => (
                    <td key={c} className="px-2 py-2 text-center">
                      <input
                        type="checkbox"
                        aria-label={t('settings.kinds.switch', { alert: t(`kinds.${kind}`), channel: t(`settings.channels.${c}`) })}
                        checked={form.switches[kind][c] ?? true}
                        onChange={(e) => setForm((f) => ({ ...f, switches: { ...f.switches, [kind]: { ...f.switches[kind], [c]: e.target.checked } } }))}
                        className="h-5 w-5 accent-brand-700"
                      />
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </fieldset>

      <fieldset>
        <legend className="mb-1 text-base font-semibold text-slate-900">{t('settings.muted.title')}</legend>
        <p className="mb-3 text-sm text-slate-600">{t('settings.muted.help')}</p>
        {places.isPending ? (
          <Spinner className="h-4 w-4" />
        ) : places.isError ? (
          <p className="text-sm text-red-800">{t('settings.muted.error')}</p>
        ) : places.data.length === 0 ? (
          <p className="text-sm text-slate-600">{t('settings.muted.none')}</p>
        ) : (
          <div className="space-y-2">
            {places.data.map((p) => (
              <CheckboxField key={p._id} label={t('settings.muted.place', { name: p.name })} checked={form.mutedPlaceIds.includes(p._id)} onChange={(e) => toggleMuted(p._id, e.target.checked)} />
            ))}
          </div>
        )}
      </fieldset>

      <Button type="submit" loading={save.isPending}>
        {t('settings.save')}
      </Button>
    </form>
  );
}
