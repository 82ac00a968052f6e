import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ArrowRightIcon } from 'lucide-react';
import { SectionHeading } from '../components/section-heading';
import { STEP_ICONS, STEP_IDS, StepCard } from '../components/steps';
import { paths } from '@/lib/paths';

export function HowSection() {
  const { t } = useTranslation('landing');
  return (
    <section aria-labelledby="how-title" className="px-4 py-20 sm:px-6 sm:py-28 lg:px-8">
      <div className="mx-auto max-w-7xl">
        <SectionHeading id="how-title" eyebrow={t('landing.how.eyebrow')} title={t('landing.how.title')}>
          <p>{t('landing.how.intro')}</p>
        </SectionHeading>
        <ol className="mt-14 grid gap-6 md:grid-cols-3">
          {STEP_IDS.map((id, i) => (
            <StepCard
              key={id}
              n={i + 1}
              icon={STEP_ICONS[id]}
              stepLabel={t('landing.how.step', { n: i + 1 })}
              title={t(`landing.how.steps.${id}.title`)}
            >
              <p>{t(`landing.how.steps.${id}.body`)}</p>
            </StepCard>
          ))}
        </ol>
        <p className="mt-10 text-center">
          <Link to={paths.howItWorks.getHref()} className="inline-flex items-center gap-1.5 font-semibold text-brand-700 hover:text-brand-800">
            {t('landing.how.more')}
            <ArrowRightIcon className="h-4 w-4 shrink-0" />
          </Link>
        </p>
      </div>
    </section>
  );
}
