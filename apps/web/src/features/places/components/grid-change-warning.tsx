import type { MatrixPoint, Place } from '@rankmaps/shared/schemas/places';
import { useTranslation } from 'react-i18next';
import { AlertBanner } from '@/components/ui/alert-banner';
import { creditsEurosNote } from '@/lib/credit-euros';
import { formatCount } from '@/lib/format';

interface GridChangeWarningProps {
  place: Pick<Place, 'coordinatesMatrix' | 'keywords' | 'weeklyScans'>;
  /** The edited grid's points, once generated. */
  matrix: MatrixPoint[] | null;
  /** Plans that pay scans with credits (pro): the weekly scan's cost is shown. */
  paysCredits: boolean;
}

/**
 * Before saving another grid (docs/decisions.md §25.6): what each weekly scan will cost
 * in credits and their euro value (a credit per valid point and keyword), against what it costs now, and that later
 * analyses will not compare point by point with earlier ones, which ran on the old grid.
 */
export function GridChangeWarning({ place, matrix, paysCredits }: GridChangeWarningProps) {
  const { t, i18n } = useTranslation('places');
  const n = (v: number) => formatCount(v, i18n.language);
  const keywords = place.keywords?.length ?? 0;
  const pointsNow = place.coordinatesMatrix.flat().filter((c) => c !== null).length;
  const pointsNew = matrix?.filter((p) => !p.onSea).length ?? null;
  const showCost = paysCredits && place.weeklyScans && keywords > 0 && pointsNew !== null;
  return (
    <AlertBanner tone="warning">
      <div data-testid="grid-change-warning" className="space-y-1">
        {showCost && (
          <p data-testid="grid-change-cost">
            {t('edit.weeklyCost', {
              count: pointsNew * keywords,
              credits: n(pointsNew * keywords),
              euros: creditsEurosNote(pointsNew * keywords, i18n.language),
              points: n(pointsNew),
              // «1 keyword», «3 keywords»: the count agrees with its noun.
              keywords: t('portfolio.count', { count: keywords }),
              before: n(pointsNow * keywords),
              eurosBefore: creditsEurosNote(pointsNow * keywords, i18n.language),
            })}
          </p>
        )}
        <p>{t('edit.notComparable')}</p>
      </div>
    </AlertBanner>
  );
}
