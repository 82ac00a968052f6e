import { aiEngineInfo } from '@rankmaps/shared/ai-engines';
import { timeZoneInWords } from '@rankmaps/shared/time-zone-words';
import { countdown, nextWeeklyScan } from '@rankmaps/shared/schedule';
import type { Place } from '@rankmaps/shared/schemas/places';
import { useNow } from '@/lib/use-now';
import { useTranslation } from 'react-i18next';
import { ClockIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { paths } from '@/lib/paths';

/** The next weekly round costs more than the credits left for it (docs/decisions.md §23.4). */
export interface WeeklyShortfall {
  credits: number;
  available: number;
}

interface WeeklyScanCardProps {
  place: Pick<Place, 'weeklyScans' | 'rankDay' | 'rankHour' | 'timeZone' | 'weeklyAi'>;
  /** Pro plans may switch weekly scans off and on (docs/product.md §6). */
  canToggle: boolean;
  toggling: boolean;
  onToggle: (on: boolean) => void;
  onEditSchedule: () => void;
  /** Set when the next round will be skipped unless credits are added. */
  shortfall?: WeeklyShortfall;
}

/** The weekly automatic scan: when it runs, in the place's own time zone, and how long until then. */
export function WeeklyScanCard({ place, canToggle, toggling, onToggle, onEditSchedule, shortfall }: WeeklyScanCardProps) {
  const { t, i18n } = useTranslation('places');
  // The countdown of docs/product.md §4 recalculates each second.
  const now = useNow(1000);
  const next = nextWeeklyScan(now, place.rankDay, place.rankHour, place.timeZone);
  const left = countdown(next.getTime() - now.getTime());
  // «Próximo escaneo: lunes, 1 de diciembre…»: a weekday is lower case mid-sentence in Spanish, as Intl writes it.
  const when = new Intl.DateTimeFormat(i18n.language, {
    timeZone: place.timeZone,
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    hour: '2-digit',
    minute: '2-digit',
  }).format(next);

  return (
    <section aria-labelledby="weekly-scan-title" className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex items-start gap-3">
          <span className="mt-0.5 inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
            <ClockIcon className="h-4 w-4" />
          </span>
          <div>
            <h2 id="weekly-scan-title" className="text-base font-semibold text-slate-900">
              {t('weekly.title')}
            </h2>
            {place.weeklyScans ? (
              <>
                <p className="mt-0.5 text-sm text-slate-700">
                  {t('weekly.next')} <span className="font-semibold">{when}</span>
                </p>
                <p className="text-xs text-slate-500">{t('weekly.zone', { zone: timeZoneInWords(place.timeZone, i18n.language) })}</p>
                {place.weeklyAi && (
                  <p data-testid="weekly-ai" className="mt-1 text-sm text-slate-700">
                    {t('weekly.ai', {
                      engines: place.weeklyAi.engines.map((e) => aiEngineInfo(e).label).join(', '),
                      grid: `${place.weeklyAi.gridSize}×${place.weeklyAi.gridSize}`,
                      samples: t('weekly.aiSamples', { count: place.weeklyAi.samples }),
                    })}
                  </p>
                )}
                {shortfall && (
                  <p data-testid="weekly-skip-warning" className="mt-1 text-sm font-medium text-amber-800">
                    {t('weekly.skipWarning', { count: shortfall.credits, credits: shortfall.credits, available: shortfall.available })}{' '}
                    <Link to={paths.buyCredits.getHref()} className="underline">
                      {t('weekly.buyCredits')}
                    </Link>
                  </p>
                )}
              </>
            ) : (
              <p className="mt-0.5 text-sm text-slate-600">{t('weekly.off')}</p>
            )}
          </div>
        </div>
        {place.weeklyScans && (
          <p
            data-testid="weekly-countdown"
            aria-live="off"
            className="rounded-lg bg-slate-50 px-3 py-2 text-center font-mono text-sm font-semibold text-slate-800 tabular-nums ring-1 ring-slate-200"
          >
            {left ? t('weekly.countdown', left) : t('weekly.soon')}
          </p>
        )}
      </div>
      <div className="mt-4 flex flex-wrap gap-2">
        <Button variant="secondary" className="py-2!" onClick={onEditSchedule}>
          {t('schedule.open')}
        </Button>
        {canToggle && (
          <Button variant="ghost" className="py-2!" loading={toggling} onClick={() => onToggle(!place.weeklyScans)}>
            {place.weeklyScans ? t('weekly.turnOff') : t('weekly.turnOn')}
          </Button>
        )}
      </div>
    </section>
  );
}
