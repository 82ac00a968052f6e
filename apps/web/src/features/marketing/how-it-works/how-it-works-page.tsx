import { BellIcon, CheckIcon, Grid3x3Icon, type LucideIcon, RotateCcwClockIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { usePageMeta } from '@/lib/page-meta';
import { claims } from '../claims';
import { CtaBand } from '../components/cta-band';
import { SigninPricingLinks } from '../components/cta-links';
import { DashboardExample } from '../components/dashboard-example';
import { asStringList } from '../components/string-list';
import { SectionHeading } from '../components/section-heading';
import { STEP_ICONS, STEP_IDS, StepCard } from '../components/steps';

const FEATURES: { id: 'smart' | 'alerts' | 'history'; icon: LucideIcon }[] = [
  { id: 'smart', icon: Grid3x3Icon },
  { id: 'alerts', icon: BellIcon },
  { id: 'history', icon: RotateCcwClockIcon },
];

/** /como-funciona: the three steps, feature cards and an example RankMap. */
export function HowItWorksPage() {
  const { t } = useTranslation(['marketing', 'landing']);
  usePageMeta(t('howItWorks.metaTitle'), t('howItWorks.metaDescription'));
  return (
    <>
      <section aria-labelledby="how-page-title" className="px-4 pt-14 pb-10 sm:px-6 sm:pt-20 lg:px-8">
        <SectionHeading as="h1" id="how-page-title" eyebrow={t('howItWorks.eyebrow')} title={t('howItWorks.title')}>
          <p>{t('howItWorks.subtitle')}</p>
        </SectionHeading>
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          <SigninPricingLinks signin={t('howItWorks.ctaPrimary')} pricing={t('howItWorks.ctaSecondary')} />
        </div>
      </section>

      <section aria-labelledby="how-steps-title" className="px-4 py-12 sm:px-6 lg:px-8">
        <h2 id="how-steps-title" className="sr-only">
          {t('howItWorks.stepsTitle')}
        </h2>
        <ol className="mx-auto grid max-w-7xl gap-6 lg:grid-cols-3">
          {STEP_IDS.map((id, i) => (
            <StepCard
              key={id}
              n={i + 1}
              icon={STEP_ICONS[id]}
              stepLabel={t('howItWorks.step', { n: i + 1 })}
              title={t(`howItWorks.steps.${id}.title`)}
            >
              <p>{t(`howItWorks.steps.${id}.body`)}</p>
              <ul className="mt-4 space-y-2">
                {asStringList(t(`howItWorks.steps.${id}.points`, { returnObjects: true })).map((point) => (
                  <li key={point} className="flex gap-2 text-slate-700">
                    <CheckIcon className="mt-0.5 h-4 w-4 shrink-0 text-emerald-600" />
                    <span>{point}</span>
                  </li>
                ))}
              </ul>
            </StepCard>
          ))}
        </ol>
      </section>

      <section aria-labelledby="how-features-title" className="px-4 py-16 sm:px-6 sm:py-20 lg:px-8">
        <div className="mx-auto max-w-7xl">
          <h2 id="how-features-title" className="text-center text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
            {t('howItWorks.featuresTitle')}
          </h2>
          <ul className="mt-12 grid gap-6 md:grid-cols-3">
            {FEATURES.map((feature) => (
              <li key={feature.id} className="rounded-2xl bg-linear-to-b from-brand-50 to-white p-7 ring-1 ring-brand-100">
                <span className="inline-flex h-12 w-12 items-center justify-center rounded-2xl bg-white text-brand-700 shadow-sm ring-1 ring-brand-100">
                  <feature.icon className="h-6 w-6 shrink-0" />
                </span>
                <h3 className="mt-5 text-lg font-semibold text-slate-900">{t(`howItWorks.features.${feature.id}.title`)}</h3>
                <p className="mt-2 text-sm leading-6 text-slate-600">{t(`howItWorks.features.${feature.id}.body`)}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="how-example-title" className="px-4 py-16 sm:px-6 lg:px-8">
        <div className="mx-auto max-w-6xl">
          <div className="mx-auto max-w-2xl text-center">
            <h2 id="how-example-title" className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
              {t('howItWorks.exampleTitle')}
            </h2>
            <p className="mt-4 text-lg text-slate-600">{t('howItWorks.exampleBody')}</p>
          </div>
          <figure className="mt-12">
            <div className="rounded-3xl bg-linear-to-br from-brand-100 via-white to-cyan-100 p-2 shadow-2xl ring-1 shadow-slate-900/10 ring-slate-200 sm:p-4">
              <DashboardExample />
            </div>
            <figcaption className="mt-3 text-center text-xs text-slate-500">{t('landing:example.caption')}</figcaption>
          </figure>
        </div>
      </section>

      <CtaBand id="how-cta-title" title={t('howItWorks.ctaTitle')} body={t('howItWorks.ctaBody', { days: claims.trialDays })}>
        <SigninPricingLinks signin={t('howItWorks.ctaPrimary')} pricing={t('howItWorks.ctaSecondary')} onDark />
      </CtaBand>
    </>
  );
}
