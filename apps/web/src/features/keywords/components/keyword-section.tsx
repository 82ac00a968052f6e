import { useCan } from '@/lib/workspace/use-workspace';
import { cheapestPlanFor } from '@rankmaps/shared/plan-upgrade';
import { FALLBACK_LIMITS, isUnlimited } from '@rankmaps/shared/plans';
import type { Place } from '@rankmaps/shared/schemas/places';
import type { PlanLimits } from '@rankmaps/shared/schemas/profile';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAlerts } from '@/components/ui/alerts/alerts-context';
import { useApiErrorAlert } from '@/components/ui/alerts/use-api-error-alert';
import { useToast } from '@/components/ui/toasts/toast-context';
import { ApiError } from '@/lib/api-client';
import { paths } from '@/lib/paths';
import { upgradeNeedText } from '@/lib/upgrade-text';
import { useCreateKeyword } from '../api/create-keyword';
import { useDeleteKeyword } from '../api/delete-keyword';
import { AddKeywordForm } from './add-keyword-form';
import { KeywordCard } from './keyword-card';

interface KeywordSectionProps {
  place: Place;
  planLimits: Pick<PlanLimits, 'type' | 'keywords'>;
  /** The user's plan id, to name the plan with room for more keywords. */
  currentPlan: string;
  /** Reloads the place (its keywords live on it); supplied by the page that owns the place. */
  onChanged: () => Promise<unknown>;
  /** More actions beside the title (the bulk ones: «Añadir varias keywords», «Analizar todas»). */
  actions?: ReactNode;
  /** Under a keyword's name: what is happening to it (the progress of an analysis started in bulk). */
  cardStatus?: (keywordId: string) => ReactNode;
}

/** The place's keywords (docs/product.md §2 keyword list): add, open the analysis page, delete after a confirmation. */
export function KeywordSection({ place, planLimits, currentPlan, onChanged, actions, cardStatus }: KeywordSectionProps) {
  // Adding, importing and deleting keywords change data (docs/decisions.md §30.7).
  const canWrite = useCan('data.write');
  const { t } = useTranslation('keywords');
  const { t: tc } = useTranslation('common');
  const { confirm } = useAlerts();
  const toast = useToast();
  const showApiAlert = useApiErrorAlert();
  const create = useCreateKeyword(onChanged);
  const remove = useDeleteKeyword(onChanged);
  const [deletingId, setDeletingId] = useState<string | null>(null);
  const keywords = place.keywords ?? [];
  const limit = planLimits.type === 'pro' ? -1 : planLimits.keywords || FALLBACK_LIMITS.keywords;
  // At the limit, say before the click which plan allows more (docs/decisions.md §22.2).
  const atLimit = !isUnlimited(limit) && keywords.length >= limit;
  const need = atLimit ? upgradeNeedText(cheapestPlanFor({ kind: 'keywords', count: keywords.length + 1 }, currentPlan)) : null;

  const add = async (name: string): Promise<string | null> => {
    try {
      await create.mutateAsync({ name, placeId: place._id });
      toast({ type: 'success', message: t('added', { name: name.trim() }) });
      return null;
    } catch (err) {
      if (showApiAlert(err)) return null;
      return err instanceof ApiError && err.status > 0 && err.status < 500 ? err.message : t('errors.add');
    }
  };

  const onDelete = async (id: string, name: string) => {
    if (
      !(await confirm({
        title: t('delete.title'),
        message: t('delete.message', { name }),
        confirmLabel: t('delete.confirm'),
        cancelLabel: t('delete.cancel'),
        destructive: true,
      }))
    )
      return;
    setDeletingId(id);
    try {
      await remove.mutateAsync(id);
      toast({ type: 'success', message: t('delete.done', { name }) });
    } catch {
      toast({ type: 'error', message: t('errors.delete') });
    } finally {
      setDeletingId(null);
    }
  };

  return (
    <section aria-labelledby="keywords-title" className="space-y-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="keywords-title" className="text-lg font-semibold text-slate-900">
          {t('title')}
        </h2>
        <p data-testid="keywords-count" className="text-sm text-slate-600">
          {isUnlimited(limit) ? t('countUnlimited', { count: keywords.length }) : t('count', { count: keywords.length, limit })}
        </p>
      </div>
      {canWrite && actions}
      {canWrite && need && (
        <p data-testid="keywords-upgrade" className="rounded-xl bg-amber-50 px-4 py-3 text-sm text-amber-900 ring-1 ring-amber-200">
          {t('limitNeed', { need: tc(need.key, need.values) })}{' '}
          <Link to={paths.subscription.getHref()} className="font-medium underline hover:text-amber-950">
            {t('seePlans')}
          </Link>
        </p>
      )}
      {canWrite && <AddKeywordForm onAdd={add} saving={create.isPending} />}
      {keywords.length === 0 ? (
        <div className="rounded-2xl border-2 border-dashed border-slate-300 bg-white px-6 py-10 text-center">
          <p className="font-semibold text-slate-900">{t('empty.title')}</p>
          <p className="mx-auto mt-1 max-w-md text-sm text-slate-600">{t('empty.body')}</p>
        </div>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
          {keywords.map((k) => (
            <li key={k._id}>
              <KeywordCard placeId={place._id} keyword={k} deleting={deletingId === k._id} onDelete={() => void onDelete(k._id, k.name)} status={cardStatus?.(k._id)} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
