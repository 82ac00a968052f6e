import type { AiAnalysisResponse } from '@rankmaps/shared/schemas/ai-visibility';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { formatDecimal } from '@/lib/format';
import { formatShare } from '@/lib/ai-figures';

type Competitor = NonNullable<AiAnalysisResponse['metrics']>['competitors'][number];

/** Rows shown before «Ver los N negocios»: a demo market names fifty businesses, most of them once. */
const FIRST_ROWS = 10;

/**
 * Every business the answers named, most named first (issue 30 item 4): its share of the answers
 * naming any business, with the 95 % interval, and its mean position in those answers.
 */
export function AiCompetitorsTable({ competitors }: { competitors: Competitor[] }) {
  const { t, i18n } = useTranslation('ai-visibility');
  const [all, setAll] = useState(false);
  // Ours always shows, even when it is named less than the first ten.
  const shown = all ? competitors : competitors.filter((c, i) => i < FIRST_ROWS || c.isTarget);
  return (
    <section aria-labelledby="ai-competitors-title" className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <h2 id="ai-competitors-title" className="text-base font-semibold text-slate-900">
        {t('competitors.title')}
      </h2>
      <p className="mt-1 text-xs text-slate-600">{t('competitors.hint')}</p>
      {competitors.length === 0 ? (
        <p className="mt-3 text-sm text-slate-700">{t('competitors.empty')}</p>
      ) : (
        <div className="mt-3 overflow-x-auto">
          <table className="w-full text-left text-sm" data-testid="ai-competitors">
            <thead className="text-xs text-slate-600">
              <tr>
                <th scope="col" className="py-1 pr-2">
                  #
                </th>
                <th scope="col" className="py-1 pr-2">
                  {t('competitors.name')}
                </th>
                <th scope="col" className="py-1 pr-2">
                  {t('competitors.share')}
                </th>
                <th scope="col" className="py-1">
                  {t('competitors.position')}
                </th>
              </tr>
            </thead>
            <tbody>
              {shown.map((c) => (
                <tr key={c.key} className={`border-t border-slate-100 ${c.isTarget ? 'bg-emerald-50 font-semibold' : ''}`} data-target={c.isTarget || undefined}>
                  <td className="py-1.5 pr-2 tabular-nums">{competitors.indexOf(c) + 1}</td>
                  <th scope="row" className="py-1.5 pr-2 font-medium text-slate-900">
                    {c.name}
                    {c.isTarget && <span className="ml-1 text-xs font-normal text-emerald-800">({t('competitors.you')})</span>}
                  </th>
                  <td className="py-1.5 pr-2 whitespace-nowrap tabular-nums">{formatShare(c.share, i18n.language)}</td>
                  <td className="py-1.5 tabular-nums">{c.avgPosition === null ? '—' : formatDecimal(c.avgPosition, i18n.language, 1)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {competitors.length > shown.length && (
            <Button variant="ghost" className="mt-2" onClick={() => setAll(true)}>
              {t('competitors.showAll', { count: competitors.length })}
            </Button>
          )}
        </div>
      )}
    </section>
  );
}
