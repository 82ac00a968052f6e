import type { AiPointsResponse } from '@rankmaps/shared/schemas/ai-visibility';
import { XIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { highlightAnswer } from '../utils/highlight';

type PointAnswers = AiPointsResponse['points'][number];
type Answer = PointAnswers['answers'][number];

interface Props {
  point: PointAnswers;
  /** Row and column (1-based) of a grid point; null for the city-wide answers. */
  where: { row: number; col: number } | null;
  engineLabels: Record<string, string>;
  onClose: () => void;
}

/**
 * A point's answers (issue 30 item 5): every sample of every engine, its text with our business
 * and the competitors marked, our position and the rule that matched, the sources as links.
 * A failed sample says «Fallido»: a failure is never a «no te nombra» (docs/metrics.md §12).
 */
export function AiPointPanel({ point, where, engineLabels, onClose }: Props) {
  const { t } = useTranslation('ai-visibility');
  const byEngine = new Map<string, Answer[]>();
  for (const a of point.answers) byEngine.set(a.engine, [...(byEngine.get(a.engine) ?? []), a]);
  const title = where ? t('panel.title', { row: where.row, col: where.col }) : t('panel.cityTitle');
  return (
    <section aria-label={title} className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200" data-testid="ai-point-panel">
      <div className="flex items-start justify-between gap-3">
        <h3 className="text-base font-semibold text-slate-900">{title}</h3>
        <Button variant="ghost" className="px-2! py-1!" onClick={onClose} aria-label={t('panel.close')}>
          <XIcon className="h-4 w-4" />
        </Button>
      </div>
      <p className="mt-1 text-xs text-slate-600">
        <mark className="rounded bg-emerald-100 px-1 font-semibold text-emerald-900 ring-1 ring-emerald-300">{t('panel.legendTarget')}</mark>{' '}
        <mark className="rounded bg-sky-100 px-1 text-sky-900 underline decoration-dotted">{t('panel.legendCompetitor')}</mark>
      </p>
      {[...byEngine].map(([engine, answers]) => (
        <div key={engine} className="mt-4" data-engine={engine}>
          <h4 className="text-sm font-semibold text-slate-800">{engineLabels[engine] ?? engine}</h4>
          <ol className="mt-2 space-y-3">
            {answers
              .sort((a, b) => a.sample - b.sample)
              .map((a) => (
                <AnswerItem key={a.sample} answer={a} />
              ))}
          </ol>
        </div>
      ))}
    </section>
  );
}

/** AI Mode writes Markdown: its bold markers (**) would show as asterisks in plain text. */
const plainText = (text: string) => text.replace(/\*\*/g, '');

function AnswerItem({ answer }: { answer: Answer }) {
  const { t } = useTranslation('ai-visibility');
  const failed = answer.status === 'failed';
  return (
    <li className="rounded-xl bg-slate-50 p-3 text-sm ring-1 ring-slate-200" data-testid="ai-answer" data-status={answer.status}>
      <p className="flex flex-wrap items-center gap-2 text-xs font-medium">
        <span className="text-slate-700">{t('panel.sample', { n: answer.sample })}</span>
        {failed ? (
          <span className="rounded-full bg-slate-200 px-2 py-0.5 text-slate-800 border border-dashed border-slate-500">{t('panel.failed')}</span>
        ) : answer.named ? (
          <span className="rounded-full bg-emerald-100 px-2 py-0.5 text-emerald-900">
            {t('panel.named', { position: answer.position ?? '—' })}
            {answer.rule && ` · ${t(`rule.${answer.rule}`)}`}
          </span>
        ) : (
          <span className="rounded-full bg-red-100 px-2 py-0.5 text-red-900">{answer.businesses.length === 0 ? t('panel.nobody') : t('panel.notNamed')}</span>
        )}
      </p>
      {failed ? (
        <p className="mt-2 text-slate-700">{answer.error ?? t('panel.failedHint')}</p>
      ) : (
        <p className="mt-2 whitespace-pre-line text-slate-800">
          {highlightAnswer(plainText(answer.text), answer.businesses).map((piece, i) =>
            piece.mark === 'target' ? (
              <mark key={i} className="rounded bg-emerald-100 px-0.5 font-semibold text-emerald-900 ring-1 ring-emerald-300" data-mark="target">
                {piece.text}
              </mark>
            ) : piece.mark === 'competitor' ? (
              <mark key={i} className="rounded bg-sky-100 px-0.5 text-sky-900 underline decoration-dotted" data-mark="competitor">
                {piece.text}
              </mark>
            ) : (
              <span key={i}>{piece.text}</span>
            ),
          )}
        </p>
      )}
      {answer.sources.length > 0 && (
        <div className="mt-2">
          <p className="text-xs font-semibold text-slate-700">{t('panel.sources')}</p>
          <ul className="mt-1 space-y-0.5 text-xs">
            {answer.sources.map((s) => (
              <li key={s.url} className="truncate">
                <a href={s.url} target="_blank" rel="noopener noreferrer nofollow" className="inline-block min-h-6 py-1 text-brand-700 underline hover:text-brand-800">
                  {s.title ?? s.domain}
                </a>
              </li>
            ))}
          </ul>
        </div>
      )}
    </li>
  );
}
