import { useTranslation } from 'react-i18next';

export function Spinner({ className = 'h-6 w-6' }: { className?: string }) {
  return (
    <span
      className={`inline-block animate-spin rounded-full border-2 border-current border-t-transparent ${className}`}
      aria-hidden="true"
    />
  );
}

/** Full-area loader with an accessible label ("Cargando…"). */
export function PageLoader() {
  const { t } = useTranslation();
  return (
    <div role="status" aria-live="polite" className="flex min-h-[40vh] items-center justify-center gap-3 text-brand-700">
      <Spinner />
      <span className="text-sm text-slate-600">{t('loading')}</span>
    </div>
  );
}
