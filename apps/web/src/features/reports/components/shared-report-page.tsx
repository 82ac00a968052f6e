import type { Report } from '@rankmaps/shared/schemas/report';
import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { fill, reportTexts as t } from '../utils/texts';
import { ReportView } from './report-view';

type State = { kind: 'loading' } | { kind: 'ready'; report: Report } | { kind: 'unavailable' } | { kind: 'error'; rateLimited: boolean };

/** GET /api/share/{token}: the report, 'unavailable' for any dead token (one 404 for all), an error otherwise. */
async function fetchShared(token: string, signal: AbortSignal): Promise<State> {
  const res = await fetch(`/api/share/${encodeURIComponent(token)}`, { signal, credentials: 'omit', headers: { accept: 'application/json' } });
  if (res.status === 404) return { kind: 'unavailable' };
  if (!res.ok) return { kind: 'error', rateLimited: res.status === 429 };
  return { kind: 'ready', report: (await res.json()) as Report };
}

function Message({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <main className="mx-auto flex min-h-[60vh] max-w-xl flex-col justify-center px-4 py-12 text-center">
      <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
      {children}
    </main>
  );
}

/** The public page of a share link: loading, the report, the unavailable page, or an error with a retry. */
export function SharedReportPage({ token }: { token: string }) {
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const retry = useCallback(() => {
    setState({ kind: 'loading' });
    setAttempt((n) => n + 1);
  }, []);

  useEffect(() => {
    const controller = new AbortController();
    fetchShared(token, controller.signal)
      .then(setState)
      .catch((err: unknown) => {
        if (!controller.signal.aborted) setState({ kind: 'error', rateLimited: false });
        void err;
      });
    return () => controller.abort();
  }, [token, attempt]);

  useEffect(() => {
    if (state.kind === 'ready') document.title = fill(t.documentTitle, { place: state.report.place.name });
    else if (state.kind === 'unavailable') document.title = t.unavailableTitle;
  }, [state]);

  if (state.kind === 'loading')
    return (
      <main className="flex min-h-[60vh] items-center justify-center px-4" aria-busy="true">
        <p role="status" className="flex items-center gap-3 text-slate-700">
          <span aria-hidden="true" className="inline-block h-5 w-5 animate-spin rounded-full border-2 border-slate-300 border-t-slate-700" />
          {t.loading}
        </p>
      </main>
    );
  if (state.kind === 'unavailable')
    return (
      <Message title={t.unavailableTitle}>
        <p className="mt-3 text-slate-700">{t.unavailableText}</p>
      </Message>
    );
  if (state.kind === 'error')
    return (
      <Message title={t.errorTitle}>
        <p role="alert" className="mt-3 text-slate-700">
          {state.rateLimited ? t.rateLimited : t.errorText}
        </p>
        <button type="button" onClick={retry} className="mx-auto mt-6 rounded-lg bg-slate-900 px-5 py-2.5 font-semibold text-white hover:bg-slate-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-slate-900">
          {t.retry}
        </button>
      </Message>
    );
  return <ReportView report={state.report} />;
}
