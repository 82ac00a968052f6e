import { useTranslation } from 'react-i18next';
import { SparklesIcon } from 'lucide-react';
import { claims } from '../claims';
import { SigninPricingLinks } from '../components/cta-links';
import { ExampleCard } from '../components/example-card';

export function Hero() {
  const { t } = useTranslation('landing');
  // overflow-x-clip: the example card's glow reaches past the screen edge on phones and must not scroll the page.
  return (
    <section aria-labelledby="hero-title" className="overflow-x-clip px-4 pt-12 pb-16 sm:px-6 sm:pt-20 lg:px-8 lg:pb-24">
      <div className="mx-auto grid max-w-7xl items-center gap-14 lg:grid-cols-[1.1fr_1fr]">
        <div className="text-center lg:text-left">
          <p className="inline-flex items-center gap-2 rounded-full bg-white/80 px-3.5 py-1.5 text-sm font-medium text-brand-800 shadow-sm ring-1 ring-brand-100">
            <SparklesIcon className="h-4 w-4 shrink-0 text-brand-600" />
            {t('landing.hero.badge', { days: claims.trialDays })}
          </p>
          <h1 id="hero-title" className="mt-6 text-4xl font-extrabold tracking-tight text-balance text-slate-900 sm:text-5xl lg:text-6xl">
            {t('landing.hero.title')}{' '}
            <span className="bg-linear-to-r from-brand-600 to-cyan-600 bg-clip-text text-transparent">
              {t('landing.hero.titleHighlight')}
            </span>
          </h1>
          <p className="mx-auto mt-6 max-w-2xl text-lg leading-8 text-pretty text-slate-600 lg:mx-0">{t('landing.hero.subtitle')}</p>
          <div className="mt-9 flex flex-col justify-center gap-3 sm:flex-row lg:justify-start">
            <SigninPricingLinks signin={t('landing.hero.primary')} pricing={t('landing.hero.secondary')} />
          </div>
          <p className="mt-6 text-sm text-slate-500">{t('landing.hero.trust')}</p>
        </div>
        <ExampleCard />
      </div>
    </section>
  );
}
