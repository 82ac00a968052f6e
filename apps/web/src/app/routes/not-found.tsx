import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { usePageMeta } from '@/lib/page-meta';
import { paths } from '@/lib/paths';

/** Any unknown path (docs/product.md §2): a clear message and a way back home. */
export default function NotFoundPage() {
  const { t } = useTranslation();
  usePageMeta(t('notFound.metaTitle'));
  return (
    <section aria-labelledby="not-found-title" className="flex min-h-[60vh] items-center justify-center px-4 py-20 sm:px-6">
      <div className="max-w-xl text-center">
        <svg viewBox="0 0 120 96" className="mx-auto h-24 w-auto" aria-hidden="true" focusable="false">
          {[0, 1, 2, 3, 4].flatMap((row) =>
            [0, 1, 2, 3, 4].map((col) => (
              <circle
                key={`${row}-${col}`}
                cx={20 + col * 20}
                cy={10 + row * 19}
                r="5"
                fill={row === 2 && col === 2 ? 'transparent' : '#cbd5e1'}
              />
            )),
          )}
          <path d="M60 24a14 14 0 0 0-14 14c0 10.5 14 26 14 26s14-15.5 14-26a14 14 0 0 0-14-14Z" fill="#2563eb" />
          <text
            x="60"
            y="42"
            textAnchor="middle"
            fontSize="13"
            fontWeight="700"
            fill="#fff"
            fontFamily="ui-sans-serif, system-ui, sans-serif"
          >
            ?
          </text>
        </svg>
        <p className="mt-6 text-sm font-semibold tracking-wide text-brand-700 uppercase">{t('notFound.code')}</p>
        <h1 id="not-found-title" className="mt-2 text-3xl font-bold tracking-tight text-balance text-slate-900 sm:text-4xl">
          {t('notFound.title')}
        </h1>
        <p className="mt-4 text-lg text-slate-600">{t('notFound.body')}</p>
        <div className="mt-8 flex flex-col items-center justify-center gap-4 sm:flex-row">
          <Link
            to={paths.root.getHref()}
            className="inline-flex items-center justify-center rounded-xl bg-brand-700 px-5 py-3 text-sm font-semibold text-white shadow-lg shadow-brand-700/25 hover:bg-brand-800"
          >
            {t('notFound.back')}
          </Link>
          <Link to={paths.contact.getHref()} className="text-sm font-semibold text-slate-700 hover:text-brand-700">
            {t('notFound.help')}
          </Link>
        </div>
      </div>
    </section>
  );
}
