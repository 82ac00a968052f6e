import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PlanAction } from '@rankmaps/shared/plan-upgrade';
import { Button } from './button';
import type { FormModalTexts } from './form-modal';
import { PlanUpsell } from './plan-upsell';
import { QueryState, type LoadableQuery } from './query-state';

/** What a plan-gated list loads: its items and whether the plan allows creating more. */
interface GatedListData {
  allowed: boolean;
}

interface PlanGatedListProps<T extends GatedListData> {
  /** Names the heading (`${id}-title`) and the test ids (`${id}`, `${id}-upgrade`). */
  id: string;
  /**
   * The i18n namespace of the texts, which every such tab names alike: `title`, `intro`,
   * `loading`, `loadError`, `create.open`, `create.full` (with `count`) and `upgradeCta`.
   */
  namespace: string;
  query: LoadableQuery<T>;
  /** How many items count against the plan's maximum, and that maximum; at it the «create» button is disabled. */
  usage: (data: T) => { used: number; max: number };
  upsell: { action: PlanAction; currentPlan: string | null };
  /** The dialog that creates an item, open after «create» until it calls `close`. */
  createDialog: (close: () => void) => ReactNode;
  children: (data: T) => ReactNode;
}

/**
 * A profile tab that lists what the user made with a plan feature (API keys, webhooks): loaded
 * with its spinner and «Reintentar», then title, intro and «create» button, the notice when the
 * plan's maximum is reached, and the upsell for plans without it (items made before a downgrade
 * stay listed).
 */
export function PlanGatedList<T extends GatedListData>({ namespace, query, children, ...rest }: PlanGatedListProps<T>) {
  const { t } = useTranslation([namespace, 'common']);
  return (
    <QueryState query={query} loading={t('loading')} error={t('loadError')}>
      {(data) => (
        <GatedSection data={data} namespace={namespace} {...rest}>
          {children(data)}
        </GatedSection>
      )}
    </QueryState>
  );
}

type GatedSectionProps<T extends GatedListData> = Omit<PlanGatedListProps<T>, 'query' | 'children'> & { data: T; children: ReactNode };

function GatedSection<T extends GatedListData>({ id, namespace, data, usage, upsell, createDialog, children }: GatedSectionProps<T>) {
  const { t } = useTranslation([namespace, 'common']);
  const [creating, setCreating] = useState(false);
  const { allowed } = data;
  const { used, max } = usage(data);
  const fullNotice = used >= max ? t('create.full', { count: max }) : null;
  return (
    <section aria-labelledby={`${id}-title`} className="max-w-3xl space-y-4" data-testid={id}>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <h2 id={`${id}-title`} className="text-base font-semibold text-slate-900">
            {t('title')}
          </h2>
          <p className="mt-1 text-sm text-slate-700">{t('intro')}</p>
        </div>
        {allowed && (
          <Button onClick={() => setCreating(true)} disabled={fullNotice !== null} className="shrink-0">
            {t('create.open')}
          </Button>
        )}
      </div>
      {allowed && fullNotice && <p className="text-sm text-amber-900">{fullNotice}</p>}
      {!allowed && (
        <div className="space-y-3" data-testid={`${id}-upgrade`}>
          <PlanUpsell {...upsell} cta={t('upgradeCta')} />
        </div>
      )}
      {children}
      {creating && createDialog(() => setCreating(false))}
    </section>
  );
}

/** The texts of such a tab's create dialog, alike in every namespace: `create.title`, `create.description`, `create.cancel`, `create.submit` and `close`. */
export function createDialogTexts(t: (key: string) => string): FormModalTexts {
  return {
    title: t('create.title'),
    description: t('create.description'),
    close: t('close'),
    cancel: t('create.cancel'),
    submit: t('create.submit'),
  };
}
