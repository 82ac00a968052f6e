import { useTranslation } from 'react-i18next';
import { CheckIcon } from 'lucide-react';
import { asStringList } from '../components/string-list';
import { HISTORY_FIRST, HISTORY_LAST, HistoryChart } from '../components/history-chart';
import { SectionHeading } from '../components/section-heading';

export function HistorySection() {
  const { t } = useTranslation('landing');
  const points = asStringList(t('landing.history.points', { returnObjects: true }));
  return (
    <section aria-labelledby="history-title" className="px-4 py-20 sm:px-6 sm:py-28 lg:px-8">
      <div className="mx-auto grid max-w-7xl items-center gap-14 lg:grid-cols-2">
        <div>
          <SectionHeading id="history-title" eyebrow={t('landing.history.eyebrow')} title={t('landing.history.title')} align="left">
            <p>{t('landing.history.body')}</p>
          </SectionHeading>
          <ul className="mt-8 space-y-4">
            {points.map((point) => (
              <li key={point} className="flex gap-3 text-slate-700">
                <span className="mt-0.5 inline-flex h-6 w-6 shrink-0 items-center justify-center rounded-full bg-emerald-100 text-emerald-700">
                  <CheckIcon className="h-4 w-4 shrink-0" />
                </span>
                {point}
              </li>
            ))}
          </ul>
        </div>
        <figure className="rounded-3xl bg-white p-5 shadow-xl ring-1 shadow-slate-900/5 ring-slate-200 sm:p-7">
          <div className="flex items-baseline justify-between gap-3">
            <p className="text-sm font-semibold text-slate-900">{t('landing.history.chartTitle')}</p>
            <p className="rounded-full bg-emerald-50 px-2.5 py-1 text-xs font-semibold text-emerald-700">
              {t('landing.history.delta', { delta: HISTORY_LAST - HISTORY_FIRST })}
            </p>
          </div>
          <HistoryChart
            className="mt-4"
            label={t('example.historyLabel', { from: HISTORY_FIRST, to: HISTORY_LAST })}
            weekLabel={(n) => t('example.week', { n })}
          />
          <figcaption className="mt-2 text-xs text-slate-500">{t('example.caption')}</figcaption>
        </figure>
      </div>
    </section>
  );
}
