import type { ReactNode } from 'react';
import { MarketingIcon, type MarketingIconName } from './icons';

export const STEP_IDS = ['setup', 'scan', 'insight'] as const;
export const STEP_ICONS: Record<(typeof STEP_IDS)[number], MarketingIconName> = { setup: 'pin', scan: 'radar', insight: 'insight' };

/** A numbered step card: the number, its icon, title and text. */
export function StepCard({
  n,
  icon,
  stepLabel,
  title,
  children,
}: {
  n: number;
  icon: MarketingIconName;
  stepLabel: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <li className="relative rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-7">
      <div className="flex items-center justify-between">
        <span className="inline-flex h-12 w-12 items-center justify-center rounded-2xl bg-linear-to-br from-brand-600 to-cyan-600 text-white shadow-md shadow-brand-700/20">
          <MarketingIcon name={icon} className="h-6 w-6" />
        </span>
        <span className="text-sm font-semibold text-brand-700">{stepLabel}</span>
      </div>
      <h3 className="mt-5 text-lg font-semibold text-slate-900">
        <span className="sr-only">{n}. </span>
        {title}
      </h3>
      <div className="mt-2 text-sm leading-6 text-slate-600">{children}</div>
    </li>
  );
}
