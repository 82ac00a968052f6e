import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { usePageMeta } from '../../lib/page-meta';

/**
 * A protected screen whose feature lands in a later release. It says so plainly
 * instead of pretending to work.
 */
export default function ComingSoonPage({ page }: { page: string }) {
  const { t } = useTranslation();
  usePageMeta(t(`pages.${page}`));
  return (
    <section className="mx-auto max-w-2xl py-10 sm:py-16">
      <div className="rounded-3xl bg-white px-6 py-12 text-center shadow-sm ring-1 ring-slate-200 sm:px-12">
        <span aria-hidden="true" className="mx-auto flex h-14 w-14 items-center justify-center rounded-2xl bg-brand-50 text-brand-700">
          <svg
            viewBox="0 0 24 24"
            fill="none"
            stroke="currentColor"
            strokeWidth={1.8}
            strokeLinecap="round"
            strokeLinejoin="round"
            className="h-7 w-7"
          >
            <circle cx="12" cy="12" r="9" />
            <path d="M12 7v5l3 2" />
          </svg>
        </span>
        <span className="mt-5 inline-block rounded-full bg-amber-100 px-3 py-1 text-sm font-medium text-amber-800">
          {t('comingSoon.badge')}
        </span>
        <h1 className="mt-4 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{t(`pages.${page}`)}</h1>
        <p className="mt-3 text-slate-600">{t('comingSoon.body')}</p>
        <Link
          to="/"
          className="mt-8 inline-flex items-center justify-center rounded-xl bg-brand-700 px-5 py-2.5 text-sm font-semibold text-white hover:bg-brand-800"
        >
          {t('comingSoon.back')}
        </Link>
      </div>
    </section>
  );
}
