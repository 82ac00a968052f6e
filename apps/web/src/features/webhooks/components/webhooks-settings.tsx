import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type CreatedWebhook, WEBHOOK_EVENT_TYPES, type WebhookDelivery, type WebhookEndpoint, type WebhookEventType, createWebhookBodySchema } from '@rankmaps/shared/schemas/webhooks';
import { useAlerts } from '@/components/ui/alerts/alerts-context';
import { Button } from '@/components/ui/button';
import { CheckboxGroup } from '@/components/ui/checkbox-group';
import { ColumnHeaders } from '@/components/ui/column-headers';
import { FormModal } from '@/components/ui/form-modal';
import { PlanGatedList, createDialogTexts } from '@/components/ui/plan-gated-list';
import { QueryState } from '@/components/ui/query-state';
import { SecretOnceModal, secretOnceTexts } from '@/components/ui/secret-once-modal';
import { TextField } from '@/components/ui/text-field';
import { useToast } from '@/components/ui/toasts/toast-context';
import { useToastedAction } from '@/components/ui/use-toasted-action';
import { ApiError, apiErrorText } from '@/lib/api-client';
import { formatMediumDate } from '@/lib/format';
import { validationErrorsByField } from '@/lib/i18n';
import { useCreateWebhook, useDeleteWebhook, useReplayDelivery, useRotateWebhookSecret, useSendTestEvent, useUpdateWebhook, useWebhookDeliveries, useWebhooks } from '../api/webhooks';

/**
 * The profile's «Webhooks» tab (docs/webhooks.md, docs/decisions.md §26.4): the user's endpoints,
 * a dialog that adds one and shows its secret once, sending a test event, switching on and off,
 * deleting with a confirmation, and each endpoint's deliveries log with «Reenviar».
 */
export function WebhooksSettings({ currentPlan }: { currentPlan: string | null }) {
  const { t } = useTranslation(['webhooks', 'common']);
  const query = useWebhooks();
  const [secret, setSecret] = useState<CreatedWebhook | null>(null);
  const createDialog = (close: () => void) => (
    <CreateDialog
      onClose={close}
      onCreated={(c) => {
        close();
        setSecret(c);
      }}
    />
  );
  return (
    <PlanGatedList
      id="webhooks"
      namespace="webhooks"
      query={query}
      usage={({ endpoints, maxEndpoints }) => ({ used: endpoints.length, max: maxEndpoints })}
      upsell={{ action: { kind: 'apiKeys' }, currentPlan }}
      createDialog={createDialog}
    >
      {({ endpoints, allowed }) => (
        <>
          {endpoints.length === 0 ? (
            allowed && <p className="text-sm text-slate-600">{t('empty')}</p>
          ) : (
            <ul className="space-y-3" aria-label={t('listLabel')}>
              {endpoints.map((e) => (
                <EndpointItem key={e.id} endpoint={e} onSecret={setSecret} />
              ))}
            </ul>
          )}
          <p className="text-sm text-slate-600">
            {t('docsHint')}{' '}
            <a href="/api/docs" className="font-medium text-blue-700 underline">
              {t('docsLink')}
            </a>
          </p>
          {secret && <SecretDialog created={secret} onClose={() => setSecret(null)} />}
        </>
      )}
    </PlanGatedList>
  );
}

function EndpointItem({ endpoint, onSecret }: { endpoint: WebhookEndpoint; onSecret: (c: CreatedWebhook) => void }) {
  const { t, i18n } = useTranslation('webhooks');
  const act = useToastedAction();
  const toast = useToast();
  const [showLog, setShowLog] = useState(false);
  const test = useSendTestEvent();
  const update = useUpdateWebhook();
  const remove = useDeleteWebhook();
  const rotate = useRotateWebhookSecret();
  const logId = useId();
  const { confirm } = useAlerts();
  const onDelete = () =>
    act({
      confirm: { title: t('delete.title'), message: t('delete.message', { url: endpoint.url }), confirmLabel: t('delete.confirm'), cancelLabel: t('delete.cancel'), destructive: true },
      run: () => remove.mutateAsync(endpoint.id),
      done: t('delete.done'),
      failed: t('delete.error'),
    });
  // Not a toasted action: what it yields is the new secret, shown once in a dialog.
  const onRotate = async () => {
    const ok = await confirm({ title: t('rotate.title'), message: t('rotate.message'), confirmLabel: t('rotate.confirm'), cancelLabel: t('delete.cancel') });
    if (!ok) return;
    try {
      onSecret(await rotate.mutateAsync(endpoint.id));
    } catch (err) {
      toast({ type: 'error', message: apiErrorText(err, t('rotate.error')) });
    }
  };
  return (
    <li className="space-y-3 rounded-xl p-4 ring-1 ring-slate-200" data-testid="webhook-row">
      <div className="min-w-0 space-y-1">
        <p className="font-mono text-sm font-medium break-all text-slate-900">{endpoint.url}</p>
        <p className="text-sm">
          <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${endpoint.enabled ? 'bg-emerald-50 text-emerald-800' : 'bg-slate-100 text-slate-700'}`}>{endpoint.enabled ? t('state.enabled') : t('state.disabled')}</span>
          {endpoint.disabledReason && <span className="ml-2 text-slate-700">{endpoint.disabledReason}</span>}
        </p>
        <p className="text-xs text-slate-600">
          {t('eventsLabel')}: {endpoint.events.map((e) => t(`events.${e}`)).join(', ')} · {t('secretLabel')}: <span className="font-mono">{endpoint.secretPrefix}…</span> ·{' '}
          {t('created', { date: formatMediumDate(endpoint.createdAt, i18n.language) })}
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" disabled={!endpoint.enabled} loading={test.isPending} onClick={() => void act({ run: () => test.mutateAsync(endpoint.id), done: t('test.done'), failed: t('test.error') }).then(() => setShowLog(true))}>
          {t('test.button')}
        </Button>
        <Button variant="secondary" aria-expanded={showLog} aria-controls={logId} onClick={() => setShowLog((s) => !s)}>
          {showLog ? t('log.hide') : t('log.show')}
        </Button>
        <Button variant="secondary" loading={update.isPending} onClick={() => void act({ run: () => update.mutateAsync({ id: endpoint.id, enabled: !endpoint.enabled }), done: endpoint.enabled ? t('toggle.disabled') : t('toggle.enabled'), failed: t('toggle.error') })}>
          {endpoint.enabled ? t('toggle.disable') : t('toggle.enable')}
        </Button>
        <Button variant="secondary" loading={rotate.isPending} onClick={() => void onRotate()}>
          {t('rotate.button')}
        </Button>
        <Button variant="secondary" loading={remove.isPending} onClick={() => void onDelete()} aria-label={t('delete.label', { url: endpoint.url })}>
          {t('delete.button')}
        </Button>
      </div>
      {showLog && (
        <div id={logId}>
          <DeliveryLog endpointId={endpoint.id} enabled={endpoint.enabled} />
        </div>
      )}
    </li>
  );
}

function DeliveryLog({ endpointId, enabled }: { endpointId: string; enabled: boolean }) {
  const { t } = useTranslation('webhooks');
  const query = useWebhookDeliveries(endpointId);
  return (
    <QueryState query={query} loading={t('log.loading')} error={t('log.error')}>
      {({ deliveries }) =>
        deliveries.length === 0 ? (
          <p className="text-sm text-slate-600">{t('log.empty')}</p>
        ) : (
          <DeliveryTable endpointId={endpointId} enabled={enabled} deliveries={deliveries} />
        )
      }
    </QueryState>
  );
}

const LOG_COLUMNS = ['event', 'status', 'attempts', 'code', 'date'] as const;

function DeliveryTable({ endpointId, enabled, deliveries }: { endpointId: string; enabled: boolean; deliveries: WebhookDelivery[] }) {
  const { t, i18n } = useTranslation('webhooks');
  const act = useToastedAction();
  const replay = useReplayDelivery();
  const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }) : '—');
  const onReplay = (deliveryId: string) => act({ run: () => replay.mutateAsync({ id: endpointId, deliveryId }), done: t('log.replayed'), failed: t('log.replayError') });
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm" data-testid="webhook-deliveries">
        <caption className="sr-only">{t('log.caption')}</caption>
        <thead className="text-xs text-slate-600">
          <tr>
            <ColumnHeaders className="py-1 pr-3" labels={LOG_COLUMNS.map((column) => t(`log.${column}`))} />
            <th scope="col" className="py-1">
              <span className="sr-only">{t('log.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {deliveries.map((d) => (
            <tr key={d.id} data-testid="webhook-delivery-row">
              <td className="py-2 pr-3 font-mono text-xs">{d.eventType}</td>
              <td className="py-2 pr-3" title={d.lastError ?? undefined}>
                {t(`status.${d.status}`)}
                {d.status === 'retrying' && d.nextAttemptAt && <span className="block text-xs text-slate-600">{t('log.next', { date: when(d.nextAttemptAt) })}</span>}
                {d.lastError && d.status !== 'delivered' && <span className="block text-xs text-red-800">{d.lastError}</span>}
              </td>
              <td className="py-2 pr-3" data-testid="webhook-delivery-attempts">{d.attempts}</td>
              <td className="py-2 pr-3">{d.lastStatusCode ?? '—'}</td>
              <td className="py-2 pr-3 whitespace-nowrap">{when(d.lastAttemptAt ?? d.createdAt)}</td>
              <td className="py-2">
                {(d.status === 'delivered' || d.status === 'failed') && enabled && (
                  <Button variant="secondary" onClick={() => void onReplay(d.id)} aria-label={t('log.replayLabel', { event: d.eventType })}>
                    {t('log.replay')}
                  </Button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function CreateDialog({ onClose, onCreated }: { onClose: () => void; onCreated: (c: CreatedWebhook) => void }) {
  const { t } = useTranslation('webhooks');
  const create = useCreateWebhook();
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEventType[]>(['analysis.completed']);
  const [errors, setErrors] = useState<{ url?: string; events?: string; form?: string }>({});
  const onSubmit = async () => {
    const parsed = createWebhookBodySchema.safeParse({ url: url.trim(), events });
    if (!parsed.success || url.trim() === '') {
      const byField = validationErrorsByField(parsed.success ? [] : parsed.error.issues, (key) => (key === 'url' ? 'url' : 'events'));
      setErrors(url.trim() === '' ? { ...byField, url: t('create.urlRequired') } : byField);
      return;
    }
    setErrors({});
    try {
      onCreated(await create.mutateAsync({ url: url.trim(), events }));
    } catch (err) {
      setErrors(err instanceof ApiError && err.status === 400 ? { url: err.message } : { form: apiErrorText(err, t('create.error')) });
    }
  };
  return (
    <FormModal texts={createDialogTexts(t)} pending={create.isPending} formError={errors.form} onSubmit={() => void onSubmit()} onClose={onClose}>
      <TextField label={t('create.url')} type="url" inputMode="url" value={url} onChange={(e) => setUrl(e.target.value)} error={errors.url} hint={t('create.urlHint')} />
      <CheckboxGroup
        legend={t('create.events')}
        options={WEBHOOK_EVENT_TYPES}
        selected={events}
        onChange={setEvents}
        optionLabel={(ev) => `${t(`events.${ev}`)} (${ev})`}
        error={errors.events}
      />
    </FormModal>
  );
}

function SecretDialog({ created, onClose }: { created: CreatedWebhook; onClose: () => void }) {
  const { t } = useTranslation('webhooks');
  const texts = secretOnceTexts(t, 'secret', { url: created.endpoint.url });
  return <SecretOnceModal value={created.secret} testId="webhook-secret-value" onClose={onClose} texts={texts} />;
}
