import type { Place } from '@rankmaps/shared/schemas/places';
import { useTranslation } from 'react-i18next';
import { GlobeIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { countryName, languageName } from '../utils/market-names';

interface MarketCardProps {
  place: Pick<Place, 'countryCode' | 'searchLanguage'>;
  onChange: () => void;
}

/** The place's market (docs/decisions.md §21.3): the country and language its searches are made in. */
export function MarketCard({ place, onChange }: MarketCardProps) {
  const { t, i18n } = useTranslation('places');
  const country = countryName(place.countryCode, i18n.language);
  const language = languageName(place.searchLanguage, i18n.language);
  return (
    <section aria-labelledby="market-title" data-testid="market-card" className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex items-start gap-3">
          <span className="mt-0.5 inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
            <GlobeIcon className="h-4 w-4" />
          </span>
          <div>
            <h2 id="market-title" className="text-base font-semibold text-slate-900">
              {t('market.title')}
            </h2>
            <dl className="mt-1 flex flex-wrap gap-x-6 gap-y-1 text-sm text-slate-700">
              <div className="flex gap-1.5">
                <dt className="text-slate-500">{t('market.country')}</dt>
                <dd data-testid="market-country" className="font-semibold">{country}</dd>
              </div>
              <div className="flex gap-1.5">
                <dt className="text-slate-500">{t('market.language')}</dt>
                <dd data-testid="market-language" className="font-semibold">{language}</dd>
              </div>
            </dl>
            <p className="mt-1 text-xs text-slate-500">{t('market.explain')}</p>
          </div>
        </div>
        <Button variant="secondary" className="shrink-0 py-2!" onClick={onChange}>
          {t('market.change')}
        </Button>
      </div>
    </section>
  );
}
