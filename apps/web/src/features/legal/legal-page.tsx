import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { usePageMeta } from '@/lib/page-meta';
import { usePublicConfig } from '@/lib/public-config';
import { LEGAL_DOCS, toLegalDocument, type LegalBlock, type LegalDocId } from './legal-docs';
import { paths } from '@/lib/paths';

function Block({ block }: { block: LegalBlock }) {
  if (typeof block === 'string') return <p>{block}</p>;
  return (
    <ul className="list-disc space-y-2 pl-5 marker:text-brand-400">
      {block.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ul>
  );
}

/**
 * A legal document. The texts are Spanish (Spanish law, LSSI-CE, RGPD); other languages
 * translate the page around them and say the Spanish text is the binding one.
 */
export function LegalPage({ doc }: { doc: LegalDocId }) {
  const { t, i18n } = useTranslation('legal');
  // The documents exist only in Spanish, whatever the interface language.
  const { t: tEs } = useTranslation('legal', { lng: 'es' });
  const { t: tc } = useTranslation();
  const { data: config } = usePublicConfig();
  const values = {
    company: tEs('entity.company'),
    city: tEs('entity.city'),
    email: config?.contactEmail ?? t('chrome.emailFallback'),
    phone: config?.contactPhone ?? '',
  };
  const document = toLegalDocument(tEs(`docs.${doc}`, { returnObjects: true, ...values }));
  usePageMeta(document?.title ?? tc(`footer.${doc}`), document?.metaDescription);
  if (!document) return null;
  const translatedChrome = i18n.language !== 'es';
  const sectionId = (i: number) => `${doc}-${i + 1}`;

  return (
    <div className="px-4 pt-14 pb-20 sm:px-6 sm:pt-20 lg:px-8">
      <div className="mx-auto max-w-6xl">
        <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">{t('chrome.eyebrow')}</p>
        <div lang="es">
          <h1 className="mt-2 text-4xl font-bold tracking-tight text-slate-900 sm:text-5xl">{document.title}</h1>
          <p className="mt-3 text-sm text-slate-500">{tEs('docUpdated', { date: document.updated })}</p>
        </div>
        {translatedChrome && t('chrome.languageNote') && (
          <p className="mt-4 max-w-3xl rounded-xl bg-amber-50 px-4 py-3 text-sm text-amber-900 ring-1 ring-amber-200">
            {t('chrome.languageNote')}
          </p>
        )}

        <div className="mt-10 grid gap-10 lg:grid-cols-[16rem_1fr]">
          <aside className="lg:sticky lg:top-24 lg:self-start">
            <nav aria-labelledby="legal-toc-title" className="rounded-2xl bg-white/80 p-5 ring-1 ring-slate-200">
              <h2 id="legal-toc-title" className="text-sm font-semibold text-slate-900">
                {t('chrome.toc')}
              </h2>
              <ol lang="es" className="mt-3 space-y-2 text-sm">
                {document.sections.map((section, i) => (
                  <li key={section.title}>
                    <a href={`#${sectionId(i)}`} className="text-slate-600 hover:text-brand-700">
                      {i + 1}. {section.title}
                    </a>
                  </li>
                ))}
              </ol>
            </nav>
          </aside>

          <article
            lang="es"
            className="max-w-3xl rounded-3xl bg-white p-6 text-[15px] leading-7 text-slate-700 shadow-sm ring-1 ring-slate-200 sm:p-10"
          >
            <div className="space-y-4">
              {document.intro.map((p) => (
                <p key={p}>{p}</p>
              ))}
            </div>
            {document.sections.map((section, i) => (
              <section key={section.title} aria-labelledby={sectionId(i)} className="mt-10">
                <h2 id={sectionId(i)} className="scroll-mt-24 text-xl font-bold text-slate-900">
                  {i + 1}. {section.title}
                </h2>
                <div className="mt-3 space-y-3">
                  {section.body.map((block, j) => (
                    <Block key={j} block={block} />
                  ))}
                </div>
              </section>
            ))}
          </article>
        </div>

        <div className="mt-12 grid gap-6 lg:ml-[18.5rem] lg:max-w-3xl">
          <section aria-labelledby="legal-contact" className="rounded-2xl bg-brand-50 p-6 ring-1 ring-brand-100">
            <h2 id="legal-contact" className="font-semibold text-slate-900">
              {t('chrome.contactTitle')}
            </h2>
            <p className="mt-1 text-sm text-slate-700">{t('chrome.contactBody', { email: values.email })}</p>
            <Link to={paths.contact.getHref()} className="mt-2 inline-block text-sm font-semibold text-brand-700 hover:text-brand-800">
              {t('chrome.contactLink')}
            </Link>
          </section>
          <nav aria-labelledby="legal-others">
            <h2 id="legal-others" className="text-sm font-semibold text-slate-900">
              {t('chrome.others')}
            </h2>
            <ul className="mt-3 flex flex-wrap gap-2">
              {LEGAL_DOCS.filter((d) => d !== doc).map((other) => (
                <li key={other}>
                  <Link
                    to={paths.legal.getHref(other)}
                    className="inline-block rounded-full bg-white px-4 py-2 text-sm font-medium text-slate-700 ring-1 ring-slate-200 hover:text-brand-700 hover:ring-brand-200"
                  >
                    {tc(`footer.${other}`)}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        </div>
      </div>
    </div>
  );
}
