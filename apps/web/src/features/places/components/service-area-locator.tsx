import type { LocatedArea } from '@rankmaps/shared/schemas/places';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { useLocateArea } from '../api/locate-area';
import { onlyResult } from '../utils/missing-place-data';

/**
 * For a service-area business (no public address): type a city or an address to centre the
 * grid there. Clicking the map does the same (the matrix editor reports the click).
 */
export function ServiceAreaLocator({
  center,
  onLocate,
}: {
  center: { lat: number; lng: number } | null;
  onLocate: (area: LocatedArea) => void;
}) {
  const { t } = useTranslation('places');
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  const located = useLocateArea(query);
  const inputId = useId();
  const [chosen, setChosen] = useState<LocatedArea | null>(null);
  const choose = (area: LocatedArea) => {
    setChosen(area);
    onLocate(area);
  };
  // A search with one result needs no second click: it centres the grid at once, once per search.
  const taken = useRef<string | null>(null);
  const single = onlyResult(located.data);
  useEffect(() => {
    if (!single || taken.current === query) return;
    taken.current = query;
    setChosen(single);
    onLocate(single);
  }, [single, query, onLocate]);
  return (
    <div className="rounded-xl bg-amber-50 p-4 ring-1 ring-amber-200">
      <p className="text-sm font-semibold text-amber-900">{t('serviceAreaWizard.title')}</p>
      <p className="mt-1 text-sm text-amber-900/90">{t('serviceAreaWizard.body')}</p>
      <form
        className="mt-3 flex flex-col gap-2 sm:flex-row sm:items-end"
        onSubmit={(e) => {
          e.preventDefault();
          setQuery(text);
        }}
      >
        <label htmlFor={inputId} className="flex-1 text-sm font-medium text-slate-700">
          {t('serviceAreaWizard.label')}
          <input
            id={inputId}
            type="text"
            value={text}
            onChange={(e) => setText(e.target.value)}
            placeholder={t('serviceAreaWizard.placeholder')}
            className="mt-1 block w-full rounded-lg border-0 bg-white px-3 py-2 text-sm ring-1 ring-slate-300 focus:ring-2 focus:ring-brand-600"
          />
        </label>
        <Button type="submit" variant="secondary" loading={located.isFetching} disabled={text.trim().length < 2}>
          {t('serviceAreaWizard.search')}
        </Button>
      </form>
      {query.trim().length >= 2 && !located.isFetching && (
        <div className="mt-2" aria-live="polite">
          {located.isError ? (
            <p className="text-sm text-red-700">{located.error.message}</p>
          ) : located.data && located.data.length === 0 ? (
            <p className="text-sm text-slate-600">{t('serviceAreaWizard.none')}</p>
          ) : single ? null : (
            <ul className="flex flex-wrap gap-2">
              {(located.data ?? []).map((area) => (
                <li key={`${area.lat},${area.lng}`}>
                  <Button variant="secondary" className="py-1.5! text-xs!" onClick={() => choose(area)}>
                    {area.label}
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
      {/* The located place's name, while the grid is still centred on it (a click on the map moves it elsewhere). */}
      {chosen && center?.lat === chosen.lat && center.lng === chosen.lng && (
        <p className="mt-2 text-sm font-medium text-amber-900" data-testid="service-area-center" aria-live="polite">
          {t('serviceAreaWizard.centered', { label: chosen.label })}
        </p>
      )}
    </div>
  );
}
