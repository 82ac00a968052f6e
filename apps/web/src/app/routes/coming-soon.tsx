import { useTranslation } from 'react-i18next';

/**
 * A protected screen whose feature lands in a later release. It says so plainly
 * instead of pretending to work.
 */
export default function ComingSoonPage({ page }: { page: string }) {
  const { t } = useTranslation();
  return (
    <section className="mx-auto max-w-2xl py-16 text-center">
      <h1 className="text-2xl font-semibold text-slate-900">{t(`pages.${page}`)}</h1>
      <p className="mt-3 text-slate-600">{t('comingSoon.body')}</p>
      <span className="mt-6 inline-block rounded-full bg-amber-100 px-3 py-1 text-sm font-medium text-amber-800">{t('comingSoon.badge')}</span>
    </section>
  );
}
