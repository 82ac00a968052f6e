// Rule 1 (docs/metrics.md §11): the strongest and the weakest compass sector.

import { capitalise, figure, formatNumber, formatShare } from './format';
import type { Finding } from './finding';
import { type GroupFigures, type PlacedPoint, type Sector, SECTORS, groupFigures, pointsBySector, toward } from './geometry';

/** A sector is compared only with at least this many valid points. */
export const SECTOR_MIN_POINTS = 3;
/** The Local Pack shares of the strongest and weakest sectors must differ by this many percentage points… */
export const SECTOR_MIN_SHARE_GAP = 40;
/** …or, failing that, their average total positions by this many places. */
export const SECTOR_MIN_POSITION_GAP = 5;

export interface SectorFigures extends GroupFigures {
  sector: Sector;
}

/** The sectors with enough points, in SECTORS order. */
export function eligibleSectors(points: PlacedPoint[]): SectorFigures[] {
  const bySector = pointsBySector(points);
  return SECTORS.map((sector) => ({ sector, ...groupFigures(bySector.get(sector)!) })).filter((s) => s.points >= SECTOR_MIN_POINTS);
}

const compassOrder = (a: SectorFigures, b: SectorFigures) => SECTORS.indexOf(a.sector) - SECTORS.indexOf(b.sector);
/** Better first by Local Pack share, then by average total position, then in compass order. */
const byShare = (a: SectorFigures, b: SectorFigures) =>
  b.localPackShare - a.localPackShare || a.avgTotalPosition - b.avgTotalPosition || compassOrder(a, b);
/** Better first by average total position, then by Local Pack share, then in compass order. */
const byPosition = (a: SectorFigures, b: SectorFigures) =>
  a.avgTotalPosition - b.avgTotalPosition || b.localPackShare - a.localPackShare || compassOrder(a, b);

function figuresOf(strong: SectorFigures, weak: SectorFigures): Record<string, number | string> {
  return {
    strongSector: strong.sector,
    strongPoints: strong.points,
    strongLocalPack: strong.localPack,
    strongLocalPackPercentage: figure(strong.localPackShare),
    strongAvgTotalPosition: figure(strong.avgTotalPosition),
    weakSector: weak.sector,
    weakPoints: weak.points,
    weakLocalPack: weak.localPack,
    weakLocalPackPercentage: figure(weak.localPackShare),
    weakAvgTotalPosition: figure(weak.avgTotalPosition),
  };
}

/** The first and the last of a sorted list of at least one. */
const ends = <T>(sorted: T[]): [T, T] => [sorted[0]!, sorted[sorted.length - 1]!];

export function sectorFinding(points: PlacedPoint[]): Finding | null {
  const sectors = eligibleSectors(points);
  if (sectors.length < 2) return null;

  const [strong, weak] = ends([...sectors].sort(byShare));
  const shareGap = strong.localPackShare - weak.localPackShare;
  if (shareGap >= SECTOR_MIN_SHARE_GAP) {
    const weakPart =
      weak.localPack === 0
        ? `no estás en el Local Pack en ninguno de sus ${weak.points} puntos`
        : `solo en ${weak.localPack} de ${weak.points} (${formatShare(weak.localPackShare)})`;
    const text =
      `Eres más fuerte ${toward(strong.sector)}: estás en el Local Pack en ${strong.localPack} de ${strong.points} puntos ` +
      `(${formatShare(strong.localPackShare)}). ${capitalise(toward(weak.sector))}, ${weakPart}.`;
    return { insight: { rule: 'strong-weak-sector', text, figures: figuresOf(strong, weak) }, strength: shareGap / 100 };
  }

  // No Local Pack gap: the sectors may still differ by position (e.g. 5th against 18th).
  const [best, worst] = ends([...sectors].sort(byPosition));
  const gap = worst.avgTotalPosition - best.avgTotalPosition;
  if (gap < SECTOR_MIN_POSITION_GAP) return null;
  const text =
    `Eres más fuerte ${toward(best.sector)}: allí tu posición media total es ${formatNumber(best.avgTotalPosition, 1)} ` +
    `(${best.points} puntos). ${capitalise(toward(worst.sector))}, es ${formatNumber(worst.avgTotalPosition, 1)} (${worst.points} puntos).`;
  return { insight: { rule: 'strong-weak-sector', text, figures: figuresOf(best, worst) }, strength: Math.min(1, gap / 20) };
}
