import { useTranslation } from 'react-i18next';
import { ContactForm } from '@/features/contact/components/contact-form';
import { ContactInfo } from '@/features/contact/components/contact-info';
import { usePageMeta } from '@/lib/page-meta';

/** /contact: the public contact form beside how and when we answer. */
export default function ContactPage() {
  const { t } = useTranslation('contact');
  usePageMeta(t('meta.title'), t('meta.description'));
  return (
    <section data-page="contact" aria-labelledby="contact-title" className="px-4 py-14 sm:px-6 sm:py-20 lg:px-8">
      <div className="mx-auto max-w-6xl">
        <header className="mx-auto max-w-2xl text-center">
          <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">{t('eyebrow')}</p>
          <h1 id="contact-title" className="mt-2 text-4xl font-bold tracking-tight text-balance text-slate-900 sm:text-5xl">
            {t('title')}
          </h1>
          <p className="mt-4 text-lg leading-8 text-pretty text-slate-600">{t('lead')}</p>
        </header>
        <div className="mt-12 grid gap-8 lg:grid-cols-5">
          <div className="lg:col-span-2">
            <ContactInfo />
          </div>
          <div className="rounded-2xl bg-white p-6 shadow-lg ring-1 ring-slate-200 sm:p-8 lg:col-span-3">
            <ContactForm />
          </div>
        </div>
      </div>
    </section>
  );
}
