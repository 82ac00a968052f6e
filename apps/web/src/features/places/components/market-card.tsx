import type { Place } from '@rankmaps/shared/schemas/places';
import { useTranslation } from 'react-i18next';
import { GlobeIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { countryName, languageName } from '../utils/market-names';
import { SettingCard } from './setting-card';

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
    <SettingCard
      id="market"
      testId="market-card"
      icon={GlobeIcon}
      title={t('market.title')}
      action={
        <Button variant="secondary" className="shrink-0 py-2!" onClick={onChange}>
          {t('market.change')}
        </Button>
      }
    >
      <dl className="mt-1 flex flex-wrap gap-x-6 gap-y-1 text-sm text-slate-700">
        {(
          [
            ['country', country],
            ['language', language],
          ] as const
        ).map(([key, value]) => (
          <div key={key} className="flex gap-1.5">
            <dt className="text-slate-500">{t(`market.${key}`)}</dt>
            <dd data-testid={`market-${key}`} className="font-semibold">
              {value}
            </dd>
          </div>
        ))}
      </dl>
      <p className="mt-1 text-xs text-slate-500">{t('market.explain')}</p>
    </SettingCard>
  );
}
