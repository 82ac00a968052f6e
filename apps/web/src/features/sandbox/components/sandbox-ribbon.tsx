import { FlaskConicalIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/** The label every sandbox screen wears: a test environment, no real charge. */
export function SandboxRibbon({ className = '' }: { className?: string }) {
  const { t } = useTranslation('sandbox');
  return (
    <p
      data-testid="sandbox-ribbon"
      className={`flex items-center justify-center gap-2 rounded-xl bg-amber-100 px-4 py-2.5 text-center text-sm font-semibold text-amber-900 ring-1 ring-amber-300 ${className}`}
    >
      <FlaskConicalIcon className="h-4 w-4 shrink-0" />
      {t('ribbon')}
    </p>
  );
}
