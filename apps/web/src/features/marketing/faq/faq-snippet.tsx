import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ArrowRightIcon } from 'lucide-react';
import { Accordion } from './accordion';
import { useFaqSections } from './faq-content';
import { paths } from '@/lib/paths';

/** The pricing questions of the FAQ, for the plans page. */
export function PricingFaqSnippet() {
  const { t } = useTranslation('faq');
  const pricing = useFaqSections().find((s) => s.id === 'pricing');
  if (!pricing) return null;
  return (
    <section aria-labelledby="pricing-faq-title" className="mx-auto max-w-3xl px-4 py-16 sm:px-6 lg:px-8">
      <h2 id="pricing-faq-title" className="text-center text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
        {t('snippet.title')}
      </h2>
      <div className="mt-8">
        <Accordion items={pricing.items} idPrefix="pricing-faq" />
      </div>
      <p className="mt-6 text-center">
        <Link to={paths.faq.getHref()} className="inline-flex items-center gap-1.5 font-semibold text-brand-700 hover:text-brand-800">
          {t('snippet.more')}
          <ArrowRightIcon className="h-4 w-4 shrink-0" />
        </Link>
      </p>
    </section>
  );
}
