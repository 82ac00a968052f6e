import { useQueries } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { QueryState, allQueries, bothQueries } from '@/components/ui/query-state';
import { getPlace } from '@/features/places/api/get-place';
import { usePlaces } from '@/features/places/api/get-places';
import { placesKeys } from '@/features/places/api/keys';
import { toggleAll } from '../utils/campaign-form';

interface KeywordPickerProps {
  selected: string[];
  onChange: (keywordIds: string[]) => void;
  error?: string | undefined;
}

/** The campaign's keywords, by place, with a «Todas» checkbox per place (docs/workspace.md «Campañas»). */
export function KeywordPicker({ selected, onChange, error }: KeywordPickerProps) {
  const { t } = useTranslation('campaigns');
  const places = usePlaces();
  // Each place's keywords come with its detail, the same query the business page uses.
  const details = useQueries({
    queries: (places.data ?? []).map((p) => ({ queryKey: placesKeys.detail(p._id), queryFn: () => getPlace(p._id) })),
  });
  const loaded = bothQueries(places, allQueries(details));

  return (
    <fieldset aria-describedby="campaign-keywords-hint" className="space-y-3">
      <legend className="text-sm font-semibold text-slate-900">{t('editor.keywords')}</legend>
      <p id="campaign-keywords-hint" className="text-sm text-slate-600">
        {t('editor.keywordsHint')} <span data-testid="campaign-selected">{t('editor.selected', { count: selected.length })}</span>
      </p>
      {error && (
        <p role="alert" className="text-sm text-red-600">
          {error}
        </p>
      )}
      <QueryState
        query={loaded}
        loading={t('preview.loading')}
        error={t('editor.keywordsError')}
        isEmpty={([, list]) => list.length === 0}
        empty={<p className="text-sm text-slate-600">{t('editor.noPlaces')}</p>}
      >
        {([, list]) => (
          <div className="space-y-3">
            {list.map((place) => {
              const ids = (place.keywords ?? []).map((k) => k._id);
              const chosen = ids.filter((id) => selected.includes(id)).length;
              return (
                <fieldset key={place._id} data-testid="campaign-place" className="rounded-xl bg-slate-50 p-3 ring-1 ring-slate-200">
                  <legend className="sr-only">{t('editor.placeKeywords', { place: place.name })}</legend>
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <p aria-hidden="true" className="font-medium break-words text-slate-900">
                      {place.name}
                    </p>
                    {ids.length > 0 && (
                      <label className="flex items-center gap-2 text-sm font-medium text-slate-700">
                        <input
                          type="checkbox"
                          aria-label={t('editor.allLabel', { place: place.name })}
                          className="h-4 w-4 accent-brand-700"
                          checked={chosen === ids.length}
                          ref={(el) => {
                            if (el) el.indeterminate = chosen > 0 && chosen < ids.length;
                          }}
                          onChange={(e) => onChange(toggleAll(selected, ids, e.target.checked))}
                        />
                        {t('editor.all')}
                      </label>
                    )}
                  </div>
                  {ids.length === 0 ? (
                    <p className="mt-1 text-sm text-slate-600">{t('editor.noKeywords')}</p>
                  ) : (
                    <ul className="mt-2 grid gap-1 sm:grid-cols-2">
                      {(place.keywords ?? []).map((k) => (
                        <li key={k._id}>
                          <label className="flex items-center gap-2 text-sm break-words text-slate-700">
                            <input
                              type="checkbox"
                              className="h-4 w-4 shrink-0 accent-brand-700"
                              checked={selected.includes(k._id)}
                              onChange={(e) => onChange(e.target.checked ? [...selected, k._id] : selected.filter((id) => id !== k._id))}
                            />
                            {k.name}
                          </label>
                        </li>
                      ))}
                    </ul>
                  )}
                </fieldset>
              );
            })}
          </div>
        )}
      </QueryState>
    </fieldset>
  );
}
