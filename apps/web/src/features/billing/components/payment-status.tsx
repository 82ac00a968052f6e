import { useTranslation } from 'react-i18next';

const tones: Record<string, string> = {
  paid: 'bg-emerald-50 text-emerald-700 ring-emerald-200',
  failed: 'bg-red-50 text-red-700 ring-red-200',
  uncollectible: 'bg-red-50 text-red-700 ring-red-200',
  refunded: 'bg-slate-100 text-slate-700 ring-slate-200',
  void: 'bg-slate-100 text-slate-700 ring-slate-200',
};
const KNOWN = ['paid', 'failed', 'open', 'pending', 'refunded', 'void', 'uncollectible', 'draft'];

/** A payment's status in the reader's language; an unknown status shows as it came. */
export function PaymentStatus({ status }: { status: string }) {
  const { t } = useTranslation('billing');
  const label = KNOWN.includes(status) ? t(`history.statuses.${status}`) : status;
  return (
    <span
      className={`inline-flex rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ${tones[status] ?? 'bg-amber-50 text-amber-800 ring-amber-200'}`}
    >
      {label}
    </span>
  );
}
