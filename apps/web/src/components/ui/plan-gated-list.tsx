import type { ReactNode } from 'react';
import type { PlanAction } from '@rankmaps/shared/plan-upgrade';
import { Button } from './button';
import { PlanUpsell } from './plan-upsell';

interface PlanGatedListProps {
  /** Names the heading (`${id}-title`) and the test ids (`${id}`, `${id}-upgrade`). */
  id: string;
  title: string;
  intro: string;
  /** Whether the plan allows creating items; without it the upsell shows instead of the button. */
  allowed: boolean;
  /** The text when the plan's maximum is reached (the button is then disabled); null while there is room. */
  fullNotice: string | null;
  createLabel: string;
  onCreate: () => void;
  upsell: { action: PlanAction; currentPlan: string | null; cta: string };
  children: ReactNode;
}

/**
 * A profile tab that lists what the user made with a plan feature (API keys, webhooks): title,
 * intro and «create» button, the notice when the plan's maximum is reached, and the upsell for
 * plans without it (items made before a downgrade stay listed).
 */
export function PlanGatedList({ id, title, intro, allowed, fullNotice, createLabel, onCreate, upsell, children }: PlanGatedListProps) {
  return (
    <section aria-labelledby={`${id}-title`} className="max-w-3xl space-y-4" data-testid={id}>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <h2 id={`${id}-title`} className="text-base font-semibold text-slate-900">
            {title}
          </h2>
          <p className="mt-1 text-sm text-slate-700">{intro}</p>
        </div>
        {allowed && (
          <Button onClick={onCreate} disabled={fullNotice !== null} className="shrink-0">
            {createLabel}
          </Button>
        )}
      </div>
      {allowed && fullNotice && <p className="text-sm text-amber-900">{fullNotice}</p>}
      {!allowed && (
        <div className="space-y-3" data-testid={`${id}-upgrade`}>
          <PlanUpsell {...upsell} />
        </div>
      )}
      {children}
    </section>
  );
}
