import { useTranslation } from 'react-i18next';
import type { SubscriptionBadge as Badge } from '../utils/subscription-state';

const tones: Record<Badge, string> = {
  pastDue: 'bg-red-50 text-red-700 ring-red-200',
  trialing: 'bg-sky-50 text-sky-700 ring-sky-200',
  cancelling: 'bg-amber-50 text-amber-800 ring-amber-200',
  active: 'bg-emerald-50 text-emerald-700 ring-emerald-200',
};

const dots: Record<Badge, string> = {
  pastDue: 'bg-red-500',
  trialing: 'bg-sky-500',
  cancelling: 'bg-amber-500',
  active: 'bg-emerald-500',
};

/** 'Vencida', 'Período de Prueba', 'Cancelándose' or 'Activa' (docs/product.md §4). */
export function SubscriptionBadge({ badge }: { badge: Badge }) {
  const { t } = useTranslation('billing');
  return (
    <span
      className={`inline-flex items-center gap-1.5 rounded-full px-2.5 py-1 text-xs font-semibold whitespace-nowrap ring-1 ${tones[badge]}`}
    >
      <span aria-hidden="true" className={`h-1.5 w-1.5 rounded-full ${dots[badge]}`} />
      {t(`badge.${badge}`)}
    </span>
  );
}
