import { useTranslation } from 'react-i18next';
import { MapPinIcon } from 'lucide-react';
import { HeatmapIllustration } from './heatmap-illustration';
import { exampleRanks, gridMetrics } from './rank-scale';
import { formatDecimal } from '@/lib/format';

const metrics = gridMetrics(exampleRanks(7));

/** The hero's product shot: an example RankMap with its headline metrics. */
export function ExampleCard() {
  const { t, i18n } = useTranslation('landing');
  const tiles = [
    { label: t('example.geoRank'), value: formatDecimal(metrics.geoRank, i18n.language) },
    { label: t('example.avgPosition'), value: metrics.avgPosition === null ? '–' : formatDecimal(metrics.avgPosition, i18n.language) },
    { label: t('example.localPack'), value: `${formatDecimal(metrics.localPack, i18n.language)} %` },
  ];
  return (
    <figure className="relative mx-auto w-full max-w-md">
      <div
        aria-hidden="true"
        className="absolute -inset-4 -z-10 rounded-[2rem] bg-linear-to-tr from-brand-400/30 via-cyan-300/20 to-emerald-300/30 blur-2xl"
      />
      <div className="overflow-hidden rounded-3xl bg-white shadow-2xl ring-1 shadow-slate-900/10 ring-slate-200">
        <div className="flex items-center justify-between gap-3 border-b border-slate-100 px-5 py-3.5">
          <div className="flex min-w-0 items-center gap-2.5">
            <span className="inline-flex h-8 w-8 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
              <MapPinIcon className="h-4.5 w-4.5 shrink-0" />
            </span>
            <p className="truncate text-sm font-semibold text-slate-900">{t('example.business')}</p>
          </div>
          <span className="shrink-0 rounded-full bg-slate-100 px-2.5 py-1 text-xs font-medium text-slate-600">
            «{t('example.keyword')}»
          </span>
        </div>
        <HeatmapIllustration label={t('example.heatmapLabel')} />
        <dl className="grid grid-cols-3 divide-x divide-slate-100 border-t border-slate-100">
          {tiles.map((tile) => (
            <div key={tile.label} className="px-3 py-3 text-center">
              <dt className="text-[11px] font-medium tracking-wide text-slate-500 uppercase">{tile.label}</dt>
              <dd className="mt-0.5 text-xl font-bold text-slate-900">{tile.value}</dd>
            </div>
          ))}
        </dl>
      </div>
      <figcaption className="mt-3 text-center text-xs text-slate-500">{t('example.caption')}</figcaption>
    </figure>
  );
}
