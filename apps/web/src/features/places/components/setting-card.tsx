import type { ComponentType, ReactNode } from 'react';

interface SettingCardProps {
  /** Names the heading (`${id}-title`). */
  id: string;
  testId?: string;
  icon: ComponentType<{ className?: string }>;
  title: string;
  /** What the setting is now, under the title. */
  children: ReactNode;
  /** The control that changes it, on the right from small screens up (under it on phones). */
  action?: ReactNode;
  /** Lines the action up with the card's last line (a labelled select) instead of its top. */
  alignActionEnd?: boolean;
}

/** One setting of a business's page (market, client): icon, title, state and its control. */
export function SettingCard({ id, testId, icon: Icon, title, children, action, alignActionEnd = false }: SettingCardProps) {
  return (
    <section aria-labelledby={`${id}-title`} data-testid={testId} className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
      <div className={`flex flex-col gap-4 sm:flex-row sm:justify-between ${alignActionEnd ? 'sm:items-end' : 'sm:items-start'}`}>
        <div className="flex items-start gap-3">
          <span className="mt-0.5 inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
            <Icon className="h-4 w-4" />
          </span>
          <div>
            <h2 id={`${id}-title`} className="text-base font-semibold text-slate-900">
              {title}
            </h2>
            {children}
          </div>
        </div>
        {action}
      </div>
    </section>
  );
}
