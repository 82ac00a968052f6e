import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MailIcon, Trash2Icon } from 'lucide-react';
import {
  type ReportRecipient,
  type ReportRecipientState,
  type ReportRecipientsResponse,
  type ReportSchedule,
  type ReportScheduleMode,
} from '@rankmaps/shared/schemas/report-mail';
import { Button } from '@/components/ui/button';
import { SelectField } from '@/components/ui/select-field';
import { QueryState } from '@/components/ui/query-state';
import { TextField } from '@/components/ui/text-field';
import { useApiErrorAlert } from '@/components/ui/alerts/use-api-error-alert';
import { useToast } from '@/components/ui/toasts/toast-context';
import { useToastedAction } from '@/components/ui/use-toasted-action';
import { ApiError, api } from '@/lib/api-client';

const BADGE: Record<ReportRecipientState, string> = {
  pending: 'bg-amber-100 text-amber-900',
  confirmed: 'bg-green-100 text-green-900',
  bounced: 'bg-red-100 text-red-900',
  unsubscribed: 'bg-slate-200 text-slate-800',
};

const MODES: readonly ReportScheduleMode[] = ['off', 'weekly', 'monthly'];
const DAYS = Array.from({ length: 28 }, (_, i) => i + 1);

const errorText = (err: unknown, fallback: string) =>
  err instanceof ApiError && err.status > 0 && err.status < 500 && err.message ? err.message : fallback;

/**
 * «Informes por correo» on the business page (docs/reports.md, "Scheduled report e-mails"):
 * when the place report goes out by e-mail, and to whom. Each recipient confirms by a link
 * before getting anything; the badges say where each stands.
 */
export function ReportMailCard({ placeId }: { placeId: string }) {
  const { t } = useTranslation('report-mail');
  return (
    <section
      aria-labelledby="report-mail-title"
      data-testid="report-mail-card"
      className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
    >
      <div className="flex items-start gap-3">
        <span className="mt-0.5 inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
          <MailIcon className="h-4 w-4" aria-hidden="true" />
        </span>
        <div className="min-w-0 flex-1 space-y-5">
          <div>
            <h2 id="report-mail-title" className="mb-1 text-base font-semibold text-slate-900">
              {t('title')}
            </h2>
            <p className="text-sm text-slate-600">{t('intro')}</p>
          </div>
          <ScheduleForm placeId={placeId} />
          <Recipients placeId={placeId} />
        </div>
      </div>
    </section>
  );
}

function ScheduleForm({ placeId }: { placeId: string }) {
  const { t } = useTranslation('report-mail');
  const queryClient = useQueryClient();
  const path = `/place/${encodeURIComponent(placeId)}/report-schedule`;
  const key = ['report-mail', 'schedule', placeId] as const;
  const query = useQuery({ queryKey: key, queryFn: ({ signal }) => api<ReportSchedule>(path, { signal }) });
  const [mode, setMode] = useState<ReportScheduleMode>('off');
  const [day, setDay] = useState(1);
  const [message, setMessage] = useState<{ text: string; tone: 'success' | 'error' } | null>(null);
  const showApiAlert = useApiErrorAlert();
  const groupId = useId();
  useEffect(() => {
    if (!query.data) return;
    setMode(query.data.mode);
    setDay(query.data.monthDay ?? 1);
  }, [query.data]);
  const save = useMutation({
    mutationFn: (body: ReportSchedule) => api<ReportSchedule>(path, { method: 'PUT', body }),
    onSuccess: (data) => queryClient.setQueryData(key, data),
  });

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setMessage(null);
    try {
      await save.mutateAsync({ mode, monthDay: mode === 'monthly' ? day : (query.data?.monthDay ?? null) });
      setMessage({ text: t('schedule.saved'), tone: 'success' });
    } catch (err) {
      if (showApiAlert(err)) return;
      setMessage({ text: errorText(err, t('schedule.saveError')), tone: 'error' });
    }
  };

  return (
    <QueryState query={query} loading={t('schedule.loading')} error={t('schedule.loadError')}>
      {() => (
        <form onSubmit={(e) => void submit(e)} noValidate className="space-y-3" data-testid="report-schedule-form">
          <fieldset>
            <legend id={groupId} className="mb-2 text-sm font-medium text-slate-800">
              {t('schedule.legend')}
            </legend>
            <div className="space-y-2">
              {MODES.map((m) => (
                <label key={m} className="flex cursor-pointer items-start gap-2 text-sm text-slate-800">
                  <input
                    type="radio"
                    name={`report-mode-${placeId}`}
                    value={m}
                    checked={mode === m}
                    onChange={() => setMode(m)}
                    className="mt-0.5 h-4 w-4 accent-brand-700"
                  />
                  <span>{t(`schedule.modes.${m}`)}</span>
                </label>
              ))}
            </div>
          </fieldset>
          {mode === 'monthly' && (
            <SelectField
              className="max-w-xs"
              label={t('schedule.day')}
              hint={t('schedule.dayHint')}
              value={String(day)}
              onChange={(e) => setDay(Number(e.target.value))}
              options={DAYS.map((d) => ({ value: String(d), label: t('schedule.dayOption', { day: d }) }))}
            />
          )}
          <Button type="submit" variant="secondary" loading={save.isPending}>
            {t('schedule.save')}
          </Button>
          {message && (
            <p
              role={message.tone === 'error' ? 'alert' : 'status'}
              className={`text-sm ${message.tone === 'error' ? 'text-red-800' : 'text-green-800'}`}
            >
              {message.text}
            </p>
          )}
        </form>
      )}
    </QueryState>
  );
}

function Recipients({ placeId }: { placeId: string }) {
  const { t } = useTranslation('report-mail');
  const queryClient = useQueryClient();
  const act = useToastedAction();
  const toast = useToast();
  const showApiAlert = useApiErrorAlert();
  const path = `/place/${encodeURIComponent(placeId)}/report-recipients`;
  const key = ['report-mail', 'recipients', placeId] as const;
  const query = useQuery({ queryKey: key, queryFn: ({ signal }) => api<ReportRecipientsResponse>(path, { signal }) });
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [removingId, setRemovingId] = useState<string | null>(null);

  const add = useMutation({
    mutationFn: (body: { email: string; name: string | null }) =>
      api<ReportRecipientsResponse & { recipient: ReportRecipient }>(path, { method: 'POST', body }),
    onSuccess: (data) => queryClient.setQueryData(key, { recipients: data.recipients, max: data.max }),
  });
  const remove = useMutation({
    mutationFn: (id: string) => api<ReportRecipientsResponse>(`${path}/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: (data) => queryClient.setQueryData(key, data),
  });

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    if (!email.trim()) return setError(t('recipients.emailRequired'));
    try {
      const added = await add.mutateAsync({ email: email.trim(), name: name.trim() || null });
      setEmail('');
      setName('');
      toast({ type: 'success', message: t('recipients.added', { email: added.recipient.email }) });
    } catch (err) {
      if (showApiAlert(err)) return;
      setError(errorText(err, t('recipients.addError')));
    }
  };

  const onRemove = (r: ReportRecipient) =>
    act({
      confirm: {
        title: t('recipients.remove.title'),
        message: t('recipients.remove.message', { email: r.email }),
        confirmLabel: t('recipients.remove.confirm'),
        cancelLabel: t('recipients.remove.cancel'),
        destructive: true,
      },
      run: () => remove.mutateAsync(r.id),
      done: t('recipients.remove.done', { email: r.email }),
      failed: t('recipients.remove.error'),
      busy: (on) => setRemovingId(on ? r.id : null),
    });

  return (
    <QueryState query={query} loading={t('recipients.loading')} error={t('recipients.loadError')}>
      {({ recipients, max }) => (
        <div className="space-y-3">
          <h3 className="text-sm font-medium text-slate-800">{t('recipients.title', { count: recipients.length, max })}</h3>
          {recipients.length === 0 ? (
            <p className="text-sm text-slate-600" data-testid="report-recipients-empty">
              {t('recipients.empty')}
            </p>
          ) : (
            <ul className="divide-y divide-slate-100 rounded-xl ring-1 ring-slate-200" data-testid="report-recipients">
              {recipients.map((r) => (
                <li key={r.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2">
                  <div className="min-w-48 flex-1 basis-48">
                    <p className="text-sm font-medium break-all text-slate-900">{r.email}</p>
                    {r.name && <p className="text-xs text-slate-600">{r.name}</p>}
                  </div>
                  <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${BADGE[r.state]}`}>
                    {t(`recipients.states.${r.state}`)}
                  </span>
                  <Button
                    variant="ghost"
                    className="px-2! py-1!"
                    aria-label={t('recipients.remove.label', { email: r.email })}
                    loading={removingId === r.id}
                    onClick={() => void onRemove(r)}
                  >
                    <Trash2Icon className="h-4 w-4" aria-hidden="true" />
                  </Button>
                </li>
              ))}
            </ul>
          )}
          {recipients.length >= max ? (
            <p className="text-sm text-slate-600">{t('recipients.full', { max })}</p>
          ) : (
            <form
              onSubmit={(e) => void submit(e)}
              noValidate
              className="flex flex-col gap-2 sm:flex-row sm:items-end"
              data-testid="report-recipient-form"
            >
              <TextField
                className="flex-1"
                label={t('recipients.email')}
                type="email"
                inputMode="email"
                autoComplete="off"
                value={email}
                onChange={(e) => setEmail(e.target.value)}
                error={error ?? undefined}
              />
              <TextField
                className="flex-1"
                label={t('recipients.name')}
                autoComplete="off"
                value={name}
                onChange={(e) => setName(e.target.value)}
              />
              <Button type="submit" loading={add.isPending}>
                {t('recipients.add')}
              </Button>
            </form>
          )}
          <p className="text-xs text-slate-500">{t('recipients.help')}</p>
        </div>
      )}
    </QueryState>
  );
}
