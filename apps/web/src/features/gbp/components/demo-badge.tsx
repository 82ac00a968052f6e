import { useTranslation } from 'react-i18next';

/** 'Datos de demostración': the demo provider's figures are synthetic and must say so. */
export function DemoBadge() {
  const { t } = useTranslation('gbp');
  return (
    <span className="inline-flex shrink-0 items-center rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-800 ring-1 ring-amber-200">
      {t('demo.badge')}
    </span>
  );
}
