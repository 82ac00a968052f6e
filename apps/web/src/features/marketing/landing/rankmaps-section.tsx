import { type LucideIcon, MapPinIcon, RadarIcon, SparklesIcon, UsersIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { claims } from '../claims';
import { HeatmapIllustration } from '../components/heatmap-illustration';
import { RankLegend } from '../components/rank-legend';
import { SectionHeading } from '../components/section-heading';

const METRICS: { id: 'geoRank' | 'avgPosition' | 'localPack' | 'competitors'; icon: LucideIcon }[] = [
  { id: 'geoRank', icon: RadarIcon },
  { id: 'avgPosition', icon: MapPinIcon },
  { id: 'localPack', icon: SparklesIcon },
  { id: 'competitors', icon: UsersIcon },
];

export function RankMapsSection() {
  const { t } = useTranslation('landing');
  return (
    <section aria-labelledby="rankmaps-title" className="bg-slate-950 px-4 py-20 sm:px-6 sm:py-28 lg:px-8">
      <div className="mx-auto grid max-w-7xl items-center gap-14 lg:grid-cols-2">
        <div className="order-2 lg:order-1">
          <div className="rounded-3xl bg-white p-4 shadow-2xl ring-1 ring-white/10 sm:p-5">
            <div className="overflow-hidden rounded-2xl">
              <HeatmapIllustration label={t('example.heatmapLabel')} size={9} weakCorner="ne" />
            </div>
            <div className="mt-4 px-1">
              <RankLegend title={t('example.legend')} />
            </div>
          </div>
          <p className="mt-3 text-center text-xs text-slate-400">{t('example.caption')}</p>
        </div>
        <div className="order-1 lg:order-2 [&_h2]:text-white [&_p]:text-slate-300">
          <SectionHeading id="rankmaps-title" eyebrow={t('landing.rankmaps.eyebrow')} title={t('landing.rankmaps.title')} align="left">
            <p>{t('landing.rankmaps.body')}</p>
          </SectionHeading>
          <dl className="mt-10 grid gap-6 sm:grid-cols-2">
            {METRICS.map((metric) => (
              <div key={metric.id} className="rounded-2xl bg-white/5 p-5 ring-1 ring-white/10">
                <dt className="flex items-center gap-2.5 font-semibold text-white">
                  <metric.icon className="h-5 w-5 shrink-0 text-cyan-300" />
                  {t(`landing.rankmaps.metrics.${metric.id}.title`)}
                </dt>
                <dd className="mt-2 text-sm leading-6 text-slate-300">
                  {t(`landing.rankmaps.metrics.${metric.id}.body`, { count: claims.competitors })}
                </dd>
              </div>
            ))}
          </dl>
        </div>
      </div>
    </section>
  );
}
