import { useCan } from '@/lib/workspace/use-workspace';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { TrashIcon } from 'lucide-react';
import type { CardFigures } from '@rankmaps/shared/schemas/workspace';
import { LatestFigures } from '@/components/ui/latest-figures';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/lib/paths';

/** A keyword: opens its analysis page; the bin deletes it after a confirmation. */
export function KeywordCard({
  placeId,
  keyword,
  deleting,
  onDelete,
  status,
}: {
  placeId: string;
  keyword: { _id: string; name: string; figures?: CardFigures };
  deleting: boolean;
  onDelete: () => void;
  /** Under the name: an analysis in progress, say. */
  status?: ReactNode;
}) {
  const { t } = useTranslation('keywords');
  const canWrite = useCan('data.write');
  return (
    <article className="relative flex items-center gap-2 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 hover:ring-brand-400">
      <div className="min-w-0 flex-1">
        <Link
          to={paths.keywordAnalysis.getHref(placeId, keyword._id)}
          className="block font-medium break-words text-slate-900 after:absolute after:inset-0 after:rounded-xl focus-visible:outline-none focus-visible:after:ring-2 focus-visible:after:ring-brand-600"
        >
          {keyword.name}
          <span className="mt-0.5 block text-xs font-normal text-slate-500">{t('open')}</span>
          {status}
        </Link>
        <div className="mt-1.5" data-testid="keyword-figures">
          <LatestFigures figures={keyword.figures} />
        </div>
      </div>
      {canWrite && (
        <button
          type="button"
          onClick={onDelete}
          disabled={deleting}
          aria-label={t('delete.label', { name: keyword.name })}
          title={t('delete.label', { name: keyword.name })}
          className="relative z-10 inline-flex h-9 w-9 shrink-0 items-center justify-center rounded-lg text-slate-400 hover:bg-red-50 hover:text-red-700 disabled:opacity-60"
        >
          {deleting ? <Spinner className="h-4 w-4" /> : <TrashIcon className="h-4 w-4" />}
        </button>
      )}
    </article>
  );
}
