import { type PlanChangeLine, planChangeLines } from '@rankmaps/shared/plan-comparison';
import { getPlan, isUnlimited } from '@rankmaps/shared/plans';
import type { PlanChangePreview } from '@rankmaps/shared/schemas/billing';
import { useTranslation } from 'react-i18next';
import { formatCount } from '@/lib/format';

const changeTone: Record<PlanChangeLine['change'], string> = { more: 'text-emerald-800', less: 'text-amber-800', same: 'text-slate-900' };

/**
 * The plan-change dialog's «Qué cambia»: credits a month, the largest grid, member seats, live
 * support and white-label, now and after (docs/decisions.md §29.6); and, on a move down,
 * the businesses whose grid goes over the new plan's.
 */
export function PlanChangeLines({ preview }: { preview: PlanChangePreview }) {
  const { t, i18n } = useTranslation('plans');
  const from = getPlan(preview.from.planId);
  const to = getPlan(preview.to.planId);
  if (!from || !to) return null;
  const value = (line: PlanChangeLine, v: number | boolean) => {
    if (typeof v === 'boolean') return t(v ? 'change.yes' : 'change.no');
    if (isUnlimited(v)) return t('change.unlimited');
    return line.aspect === 'gridSize' ? t('change.gridValue', { size: v }) : formatCount(v, i18n.language);
  };
  return (
    <div className="mt-4">
      <h3 className="text-sm font-semibold text-slate-900">{t('change.whatChanges')}</h3>
      <table data-testid="plan-change-lines" className="mt-1 w-full text-left text-sm">
        <thead className="sr-only">
          <tr>
            <th scope="col">{t('change.whatChanges')}</th>
            <th scope="col">{preview.from.planName}</th>
            <th scope="col">{preview.to.planName}</th>
          </tr>
        </thead>
        <tbody>
          {planChangeLines(from, to).map((line) => (
            <tr key={line.aspect} data-change={line.change} className="border-b border-slate-100 last:border-0">
              <th scope="row" className="py-1.5 pr-2 font-normal text-slate-600">
                {t(`change.aspect.${line.aspect}`)}
              </th>
              <td className="py-1.5 text-right text-slate-500">{value(line, line.from)}</td>
              <td aria-hidden="true" className="px-1.5 py-1.5 text-center text-slate-400">
                →
              </td>
              <td className={`py-1.5 text-right font-semibold ${changeTone[line.change]}`}>{value(line, line.to)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {preview.gridsOverLimit.length > 0 && (
        <div data-testid="change-grids-over" className="mt-3 rounded-lg bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200">
          <p className="font-semibold">{t('change.gridsOverTitle', { plan: to.name })}</p>
          <ul className="mt-1 list-disc space-y-0.5 pl-5">
            {preview.gridsOverLimit.map((g) => (
              <li key={g.placeId}>{t('change.gridOver', { place: g.placeName, size: g.gridSize, limit: g.limit, plan: to.name })}</li>
            ))}
          </ul>
          <p className="mt-2">{t('change.gridsOverHint')}</p>
        </div>
      )}
    </div>
  );
}
