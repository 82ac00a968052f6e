// Rule 5 (docs/metrics.md §11): what changed since the previous analysis.

import type { MetricDelta, PointsComparison } from '../metrics/compare';
import { figure, formatNumber } from './format';
import type { Finding } from './finding';

type Counts = PointsComparison['counts'];

/** The movement counts the text names, in this order (the «not comparable» points are left out). */
const MOVEMENTS: readonly { key: keyof Counts; words: string }[] = [
  { key: 'improved', words: 'mejoras en' },
  { key: 'worsened', words: 'empeoras en' },
  { key: 'same', words: 'sigues igual en' },
  { key: 'newlyFound', words: 'apareces por primera vez en' },
  { key: 'lost', words: 'dejas de aparecer en' },
];

const joinList = (parts: string[]) =>
  parts.length <= 1 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} y ${parts[parts.length - 1]}`;
const signed = (x: number) => `${x > 0 ? '+' : x < 0 ? '−' : ''}${formatNumber(Math.abs(x), 2)}`;

export function changesFinding(metrics: MetricDelta[], movement: Counts | null): Finding | null {
  const geoRank = metrics.find((m) => m.key === 'geoRank');
  const hasGeoRank = !!geoRank && typeof geoRank.current === 'number' && typeof geoRank.reference === 'number';
  const hasMovement = !!movement && MOVEMENTS.some(({ key }) => movement[key] > 0);
  if (!hasGeoRank && !hasMovement) return null;

  const sentences: string[] = [];
  const figures: Record<string, number | string> = {};
  if (hasGeoRank) {
    const from = geoRank.reference as number;
    const to = geoRank.current as number;
    const delta = geoRank.delta ?? figure(to - from);
    figures.geoRankFrom = from;
    figures.geoRankTo = to;
    figures.geoRankDelta = delta;
    sentences.push(
      delta === 0
        ? `Desde el análisis anterior, tu GeoRank se mantiene en ${formatNumber(to, 2)}.`
        : `Desde el análisis anterior, tu GeoRank ha pasado de ${formatNumber(from, 2)} a ${formatNumber(to, 2)} (${signed(delta)}).`,
    );
  }
  if (hasMovement) {
    // The first count names its unit («en 12 puntos»); the rest are read with it.
    const parts = MOVEMENTS.filter(({ key }) => movement[key] > 0).map(({ key, words }, i) => {
      figures[key] = movement[key];
      const unit = i > 0 ? '' : movement[key] === 1 ? ' punto' : ' puntos';
      return `${words} ${movement[key]}${unit}`;
    });
    sentences.push(`Punto a punto, ${joinList(parts)}.`);
  }
  return { insight: { rule: 'changes', text: sentences.join(' '), figures }, strength: 1 };
}
