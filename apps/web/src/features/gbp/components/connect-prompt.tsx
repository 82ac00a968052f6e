import { useTranslation } from 'react-i18next';
import { ConnectButton } from './connect-button';
import { GoogleIcon } from '@/components/ui/google-icon';

/** Estadísticas without a working connection (docs/product.md §8): never connected, or expired, both offer to connect. */
export function ConnectPrompt({ expired, demo }: { expired: boolean; demo: boolean }) {
  const { t } = useTranslation('gbp');
  return (
    <section
      aria-labelledby="gbp-prompt-title"
      className="mx-auto max-w-2xl rounded-3xl bg-white px-6 py-10 text-center shadow-sm ring-1 ring-slate-200 sm:px-12"
      data-testid="gbp-connect-prompt"
    >
      <span
        aria-hidden="true"
        className={`mx-auto flex h-14 w-14 items-center justify-center rounded-2xl ring-1 ${expired ? 'bg-amber-50 text-amber-700 ring-amber-200' : 'bg-brand-50 text-brand-700 ring-brand-100'}`}
      >
        <GoogleIcon className="h-7 w-7" />
      </span>
      <h2 id="gbp-prompt-title" className="mt-5 text-xl font-semibold text-slate-900">
        {expired ? t('stats.prompt.expiredTitle') : t('stats.prompt.title')}
      </h2>
      <p className="mt-2 text-slate-600">{expired ? t('stats.prompt.expiredBody') : t('stats.prompt.body')}</p>
      <ConnectButton usable={false} className="mt-6" />
      {demo && <p className="mt-4 text-xs text-slate-500">{t('demo.note')}</p>}
    </section>
  );
}
