import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button, buttonClass } from '@/components/ui/button';
import { QueryState } from '@/components/ui/query-state';
import { PageLoader } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { usePublicConfig } from '@/lib/public-config';
import { useDevMail } from '../api/get-dev-mail';
import { OutboxList } from './outbox-list';
import { paths } from '@/lib/paths';

function NotFound() {
  const { t } = useTranslation('devmail');
  return (
    <section className="mx-auto max-w-xl px-4 py-24 text-center">
      <p className="text-5xl font-bold text-brand-700">404</p>
      <h1 className="mt-4 text-2xl font-semibold text-slate-900">{t('notFound.title')}</h1>
      <Link to={paths.root.getHref()} className={`${buttonClass('primary')} mt-8`}>
        {t('notFound.back')}
      </Link>
    </section>
  );
}

/** The developer outbox: every e-mail the app "sent", with clickable links. Dev tools only. */
export function DevOutbox() {
  const { t } = useTranslation('devmail');
  const config = usePublicConfig();
  // Developer tools on and this browser on the server's own machine: elsewhere the API answers 404.
  const devTools = config.data?.devOutbox === true;
  const mail = useDevMail(devTools);
  // Only a click shows the spinner; the 5-second background polls stay silent.
  const [refreshing, setRefreshing] = useState(false);
  const refresh = async () => {
    setRefreshing(true);
    await mail.refetch();
    setRefreshing(false);
  };

  if (config.isPending || (devTools && mail.isPending)) return <PageLoader />;
  if (!devTools || (mail.error instanceof ApiError && mail.error.status === 404)) return <NotFound />;

  const emails = mail.data?.emails ?? [];
  return (
    <section className="mx-auto w-full max-w-3xl px-4 py-10 sm:py-14">
      <header className="mb-6">
        <span className="inline-block rounded-full bg-amber-100 px-3 py-1 text-xs font-semibold uppercase tracking-wide text-amber-800">
          {t('badge')}
        </span>
        <h1 className="mt-3 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{t('title')}</h1>
        <p className="mt-2 text-slate-600">{t('intro')}</p>
        <div className="mt-4 flex items-center justify-between gap-3">
          <p className="text-sm text-slate-500" aria-live="polite">
            {t('count', { count: emails.length })}
          </p>
          <Button variant="secondary" loading={refreshing} onClick={() => void refresh()}>
            {t('refresh')}
          </Button>
        </div>
      </header>
      <QueryState
        query={mail}
        error={t('loadError')}
        isEmpty={(data) => data.emails.length === 0}
        empty={<p className="rounded-xl bg-slate-50 p-6 text-center text-slate-600 ring-1 ring-slate-200">{t('empty')}</p>}
      >
        {(data) => <OutboxList emails={data.emails} />}
      </QueryState>
    </section>
  );
}
