import { useTranslation } from 'react-i18next';

/** The label every sandbox screen wears: a test environment, no real charge. */
export function SandboxRibbon({ className = '' }: { className?: string }) {
  const { t } = useTranslation('sandbox');
  return (
    <p
      data-testid="sandbox-ribbon"
      className={`flex items-center justify-center gap-2 rounded-xl bg-amber-100 px-4 py-2.5 text-center text-sm font-semibold text-amber-900 ring-1 ring-amber-300 ${className}`}
    >
      <svg
        viewBox="0 0 24 24"
        className="h-4 w-4 shrink-0"
        fill="none"
        stroke="currentColor"
        strokeWidth={2}
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
      >
        <path d="M9 3h6M10 3v6L4.5 18.5A1.7 1.7 0 0 0 6 21h12a1.7 1.7 0 0 0 1.5-2.5L14 9V3" />
        <path d="M7.5 15h9" />
      </svg>
      {t('ribbon')}
    </p>
  );
}
