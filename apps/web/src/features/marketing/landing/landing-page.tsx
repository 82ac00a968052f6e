import { useTranslation } from 'react-i18next';
import { usePageMeta } from '@/lib/page-meta';
import { claims } from '../claims';
import { CtaBand } from '../components/cta-band';
import { SigninPricingLinks } from '../components/cta-links';
import { formatEuro } from '@/lib/format';
import { Hero } from './hero';
import { Highlights } from './highlights';
import { HistorySection } from './history-section';
import { HowSection } from './how-section';
import { IncludedSection } from './included-section';
import { RankMapsSection } from './rankmaps-section';

/** The public home page (/ for visitors, and /home). */
export function LandingPage() {
  const { t, i18n } = useTranslation('landing');
  usePageMeta(t('landing.metaTitle'), t('landing.metaDescription', { days: claims.trialDays }));
  return (
    <>
      <Hero />
      <Highlights />
      <HowSection />
      <RankMapsSection />
      <HistorySection />
      <IncludedSection />
      <CtaBand
        id="landing-cta-title"
        title={t('landing.cta.title')}
        body={t('landing.cta.body', { days: claims.trialDays })}
        note={t('landing.cta.note', { price: formatEuro(claims.lowestAnnualPrice, i18n.language), months: claims.monthsFree })}
      >
        <SigninPricingLinks signin={t('landing.hero.primary')} pricing={t('landing.hero.secondary')} onDark />
      </CtaBand>
    </>
  );
}
