import { weeklyScanMonthlyCredits } from '@rankmaps/shared/credit-value';
import { useTranslation } from 'react-i18next';
import { withCreditEuros } from '@/lib/credit-euros';
import { formatCount } from '@/lib/format';

/**
 * The new-business wizard's offer of the weekly scan, for plans that pay scans in credits: what it
 * costs per keyword in credits and euros, unticked until the user ticks it (nothing starts
 * spending silently, docs/decisions.md §29.5).
 */
export function WeeklyScanOffer({ pointsPerScan, checked, onChange }: { pointsPerScan: number; checked: boolean; onChange: (checked: boolean) => void }) {
  const { t, i18n } = useTranslation('places');
  const n = (v: number) => formatCount(v, i18n.language);
  const monthly = weeklyScanMonthlyCredits(pointsPerScan);
  return (
    <fieldset data-testid="weekly-scan-offer" className="rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200">
      <legend className="text-sm font-semibold text-slate-900">{t('wizard.weeklyTitle')}</legend>
      <label className="mt-2 flex items-start gap-3">
        <input type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} className="mt-1 h-4 w-4 shrink-0 accent-brand-700" />
        <span>
          <span className="font-medium text-slate-900">{t('wizard.weeklyOffer')}</span>
          <span data-testid="weekly-scan-cost" className="block text-sm text-slate-700">
            {withCreditEuros(t('wizard.weeklyCost', { count: pointsPerScan, perScan: n(pointsPerScan), credits: n(monthly) }), monthly, i18n.language)}
          </span>
          <span className="block text-xs text-slate-500">{t('wizard.weeklyHint')}</span>
        </span>
      </label>
    </fieldset>
  );
}
