import type { Place } from '@rankmaps/shared/schemas/places';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** The place's keywords (spec §2 keyword list): each card opens its analysis page. */
export function KeywordSection({ place }: { place: Place }) {
  const { t } = useTranslation('keywords');
  const keywords = place.keywords ?? [];
  return (
    <section aria-labelledby="keywords-title" className="space-y-4">
      <h2 id="keywords-title" className="text-lg font-semibold text-slate-900">
        {t('title')}
      </h2>
      {keywords.length === 0 ? (
        <div className="rounded-2xl border-2 border-dashed border-slate-300 bg-white px-6 py-10 text-center">
          <p className="font-semibold text-slate-900">{t('empty.title')}</p>
          <p className="mx-auto mt-1 max-w-md text-sm text-slate-600">{t('empty.body')}</p>
        </div>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
          {keywords.map((k) => (
            <li key={k._id}>
              <Link
                to={`/rankmap/${place._id}/keyword/${k._id}`}
                className="block rounded-xl bg-white p-4 font-medium break-words text-slate-900 shadow-sm ring-1 ring-slate-200 hover:ring-brand-400"
              >
                {k.name}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
