import { LightbulbIcon, type LucideIcon, MapPinIcon, RadarIcon } from 'lucide-react';
import type { ReactNode } from 'react';

export const STEP_IDS = ['setup', 'scan', 'insight'] as const;
export const STEP_ICONS: Record<(typeof STEP_IDS)[number], LucideIcon> = { setup: MapPinIcon, scan: RadarIcon, insight: LightbulbIcon };

/** A numbered step card: the number, its icon, title and text. */
export function StepCard({
  n,
  icon: Icon,
  stepLabel,
  title,
  children,
}: {
  n: number;
  icon: LucideIcon;
  stepLabel: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <li className="relative rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-7">
      <div className="flex items-center justify-between">
        <span className="inline-flex h-12 w-12 items-center justify-center rounded-2xl bg-linear-to-br from-brand-600 to-cyan-600 text-white shadow-md shadow-brand-700/20">
          <Icon className="h-6 w-6 shrink-0" />
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
