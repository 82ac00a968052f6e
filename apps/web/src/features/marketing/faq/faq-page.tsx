import { useTranslation } from 'react-i18next';
import { usePageMeta } from '@/lib/page-meta';
import { CtaBand } from '../components/cta-band';
import { CtaLink, SigninPricingLinks } from '../components/cta-links';
import { SectionHeading } from '../components/section-heading';
import { Accordion } from './accordion';
import { useFaqSections } from './faq-content';
import { paths } from '@/lib/paths';

/** /faq: four sections of questions, with buttons to sign in, see plans or contact us. */
export function FaqPage() {
  const { t } = useTranslation('faq');
  usePageMeta(t('metaTitle'), t('metaDescription'));
  const sections = useFaqSections();
  return (
    <>
      <div className="px-4 pt-14 pb-8 sm:px-6 sm:pt-20 lg:px-8">
        <SectionHeading as="h1" eyebrow={t('eyebrow')} title={t('title')}>
          <p>{t('subtitle')}</p>
        </SectionHeading>
        <nav aria-label={t('sectionsNav')} className="mx-auto mt-8 max-w-3xl">
          <ul className="flex flex-wrap justify-center gap-2">
            {sections.map((section) => (
              <li key={section.id}>
                <a
                  href={`#faq-${section.id}`}
                  className="inline-block rounded-full bg-white px-4 py-2 text-sm font-medium text-slate-700 shadow-sm ring-1 ring-slate-200 hover:text-brand-700 hover:ring-brand-200"
                >
                  {section.title}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <div className="mx-auto max-w-3xl space-y-14 px-4 pb-8 sm:px-6 lg:px-8">
        {sections.map((section) => (
          <section key={section.id} aria-labelledby={`faq-${section.id}`} className="scroll-mt-24">
            <h2 id={`faq-${section.id}`} className="mb-5 scroll-mt-24 text-2xl font-bold tracking-tight text-slate-900">
              {section.title}
            </h2>
            <Accordion items={section.items} idPrefix={`faq-${section.id}`} />
          </section>
        ))}
      </div>
      <CtaBand id="faq-cta-title" title={t('cta.title')} body={t('cta.body')}>
        <SigninPricingLinks signin={t('cta.signin')} pricing={t('cta.pricing')} onDark />
        <CtaLink to={paths.contact.getHref()} variant="ghostInverse">
          {t('cta.contact')}
        </CtaLink>
      </CtaBand>
    </>
  );
}
