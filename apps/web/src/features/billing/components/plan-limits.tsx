import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { isUnlimited } from '@rankmaps/shared/plans';
import type { PlanLimitsValues } from '../utils/plan-limits';
import { formatCount } from '@/lib/format';

/** The month's manual scans as the API counts them (GET /rankmap/scan-quota). */
export interface ManualScansLeft {
  remaining: number;
  limit: number;
}

/**
 * Places, keywords per place, weekly and manual scans, largest grid (docs/product.md §4; catalogue of
 * docs/decisions.md §1). Given `manualScansLeft`, the manual scans read "Quedan 3 de 5 este mes"
 * (docs/decisions.md §22) rather than the plan's figure.
 */
export function PlanLimits({
  limits,
  headingLevel = 'h3',
  manualScansLeft,
}: {
  limits: PlanLimitsValues;
  headingLevel?: 'h2' | 'h3';
  manualScansLeft?: ManualScansLeft | undefined;
}) {
  const { t, i18n } = useTranslation('billing');
  const titleId = useId();
  const value = (n: number) => (isUnlimited(n) ? t('limits.unlimited') : formatCount(n, i18n.language));
  const rows = [
    { key: 'places', label: t('limits.places'), value: value(limits.places) },
    { key: 'keywords', label: t('limits.keywords'), value: value(limits.keywords) },
    { key: 'weeklyScans', label: t('limits.weeklyScans'), value: value(limits.weeklyScans) },
    ...(manualScansLeft
      ? [{ key: 'manualScans', label: t('limits.manualScans'), value: t('limits.manualScansLeft', { remaining: manualScansLeft.remaining, limit: manualScansLeft.limit }) }]
      : limits.manualScans === undefined
        ? []
        : [{ key: 'manualScans', label: t('limits.manualScans'), value: value(limits.manualScans) }]),
    { key: 'grid', label: t('limits.grid'), value: t('limits.gridValue', { size: limits.gridSize }) },
  ];
  const Heading = headingLevel;
  return (
    <section aria-labelledby={titleId} data-testid="plan-limits" className="@container">
      <Heading id={titleId} className="font-semibold text-slate-900">
        {t('limits.title')}
      </Heading>
      <dl className="mt-3 grid grid-cols-2 gap-3 @lg:grid-cols-3 @3xl:grid-cols-5">
        {rows.map((row) => (
          <div key={row.key} className="rounded-xl bg-slate-50 p-3 ring-1 ring-slate-200">
            <dt className="text-xs font-medium text-slate-500">{row.label}</dt>
            <dd className="mt-1 text-lg font-semibold text-slate-900 tabular-nums">{row.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
