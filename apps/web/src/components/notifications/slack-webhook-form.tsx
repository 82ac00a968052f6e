import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SlackWebhook } from '@rankmaps/shared/schemas/notifications';
import { Button } from '@/components/ui/button';
import { QueryState } from '@/components/ui/query-state';
import { Spinner } from '@/components/ui/spinner';
import { TextField } from '@/components/ui/text-field';
import { ApiError, api } from '@/lib/api-client';

/**
 * A Slack-compatible incoming webhook URL (docs/decisions.md §23.3, "Wiring"): the user's
 * (`/notifications/slack`) or a place's (`/place/:id/slack`). Saving sends a test message
 * and refuses a URL that does not take it; once saved only the masked URL is shown (the URL
 * is a secret). Shared by the profile's «Notificaciones» tab and the place page.
 */
export function SlackWebhookForm({ path, help, testId }: { path: string; help: string; testId: string }) {
  const { t } = useTranslation('notifications');
  const queryClient = useQueryClient();
  const key = ['notifications', 'slack', path] as const;
  const query = useQuery({ queryKey: key, queryFn: ({ signal }) => api<SlackWebhook>(path, { signal }) });
  const [url, setUrl] = useState('');
  const [message, setMessage] = useState<{ text: string; tone: 'success' | 'error' } | null>(null);
  const save = useMutation({
    mutationFn: (body: { url: string } | null) => (body ? api<SlackWebhook>(path, { method: 'PUT', body }) : api<SlackWebhook>(path, { method: 'DELETE' })),
    onSuccess: (data) => queryClient.setQueryData(key, data),
  });

  const run = async (body: { url: string } | null) => {
    setMessage(null);
    try {
      await save.mutateAsync(body);
      setUrl('');
      setMessage({ text: body ? t('slack.saved') : t('slack.removed'), tone: 'success' });
    } catch (err) {
      setMessage({ text: err instanceof ApiError && err.message ? err.message : t('slack.saveError'), tone: 'error' });
    }
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!url.trim()) return setMessage({ text: t('slack.empty'), tone: 'error' });
    void run({ url: url.trim() });
  };

  return (
    <QueryState query={query} loadingView={<Spinner className="h-4 w-4" />} error={t('slack.loadError')}>
      {(webhook) => (
        <form onSubmit={submit} noValidate className="space-y-3" data-testid={testId}>
          <p className="text-sm text-slate-600">{help}</p>
          {webhook.url ? (
            <p className="flex flex-wrap items-center gap-2 text-sm text-slate-800">
              <span>{t('slack.current')}</span>
              <code data-testid={`${testId}-masked`} className="min-w-0 rounded bg-slate-100 px-1.5 py-0.5 text-xs break-all">
                {webhook.url}
              </code>
              <Button type="button" variant="secondary" className="py-1!" loading={save.isPending && save.variables === null} onClick={() => void run(null)}>
                {t('slack.remove')}
              </Button>
            </p>
          ) : (
            <p className="text-sm text-slate-600">{t('slack.none')}</p>
          )}
          <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
            <TextField
              className="flex-1"
              label={webhook.url ? t('slack.replaceLabel') : t('slack.label')}
              type="url"
              inputMode="url"
              autoComplete="off"
              spellCheck={false}
              placeholder="https://hooks.slack.com/services/…"
              value={url}
              onChange={(e) => setUrl(e.target.value)}
            />
            <Button type="submit" loading={save.isPending && save.variables !== null}>
              {t('slack.save')}
            </Button>
          </div>
          {message && (
            <p role={message.tone === 'error' ? 'alert' : 'status'} className={`text-sm ${message.tone === 'error' ? 'text-red-800' : 'text-green-800'}`}>
              {message.text}
            </p>
          )}
        </form>
      )}
    </QueryState>
  );
}
