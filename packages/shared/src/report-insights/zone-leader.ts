// Rule 4 (docs/metrics.md §11): the competitor who leads a sector where we are not in the Local Pack.

import { normaliseBusinessName } from '../metrics/matching';
import { figure, formatShare } from './format';
import type { Finding } from './finding';
import { type PlacedPoint, type Sector, SECTORS, groupFigures, pointsBySector } from './geometry';
import { SECTOR_MIN_POINTS } from './sectors';

/** A sector counts as ours when we are in the Local Pack in more than this share of its points. */
export const ZONE_MAX_OUR_SHARE = 25;
/** The competitor must be first in at least this share of the sector's points… */
export const ZONE_MIN_LEADER_SHARE = 50;
/** …and the finding names at most this many competitors (one finding each). */
export const ZONE_MAX_FINDINGS = 2;

interface SectorLead {
  sector: Sector;
  points: number;
  ourLocalPack: number;
  key: string;
  name: string;
  wins: number;
}

/** The same business in every cell: its place id, or its normalised name when it has none. */
const leaderKey = (leader: NonNullable<PlacedPoint['cell']['leader']>) =>
  leader.placeId ? `id:${leader.placeId}` : `name:${normaliseBusinessName(leader.name)}`;

/** The sole competitor first in the most points of a sector, or null (nobody, or a tie). */
function sectorLead(sector: Sector, points: PlacedPoint[]): SectorLead | null {
  const tally = new Map<string, { name: string; wins: number }>();
  for (const p of points) {
    const leader = p.cell.leader;
    if (!leader || leader.isOurBusiness || leader.name.trim() === '') continue;
    const key = leaderKey(leader);
    const entry = tally.get(key) ?? { name: leader.name.trim(), wins: 0 };
    entry.wins++;
    tally.set(key, entry);
  }
  const ranked = [...tally.entries()].sort(([ka, a], [kb, b]) => b.wins - a.wins || (ka < kb ? -1 : ka > kb ? 1 : 0));
  const [first, second] = ranked;
  if (!first || (second && second[1].wins === first[1].wins)) return null;
  return {
    sector,
    points: points.length,
    ourLocalPack: groupFigures(points).localPack,
    key: first[0],
    name: first[1].name,
    wins: first[1].wins,
  };
}

const leadShare = (l: SectorLead) => (100 * l.wins) / l.points;
const sectorPart = (l: SectorLead) =>
  (l.wins === l.points ? `los ${l.points} puntos` : `${l.wins} de los ${l.points} puntos`) + ` del sector ${l.sector}`;

export function zoneLeaderFindings(points: PlacedPoint[]): Finding[] {
  const leads: SectorLead[] = [];
  for (const [sector, sectorPoints] of pointsBySector(points)) {
    if (sectorPoints.length < SECTOR_MIN_POINTS) continue;
    if ((100 * groupFigures(sectorPoints).localPack) / sectorPoints.length > ZONE_MAX_OUR_SHARE) continue;
    const lead = sectorLead(sector, sectorPoints);
    if (lead && leadShare(lead) >= ZONE_MIN_LEADER_SHARE) leads.push(lead);
  }
  // Strongest lead first; a competitor is named once, with its other led sectors after its best.
  leads.sort((a, b) => leadShare(b) - leadShare(a) || b.wins - a.wins || SECTORS.indexOf(a.sector) - SECTORS.indexOf(b.sector));
  const byCompetitor = new Map<string, SectorLead[]>();
  for (const lead of leads) byCompetitor.set(lead.key, [...(byCompetitor.get(lead.key) ?? []), lead]);

  return [...byCompetitor.values()].slice(0, ZONE_MAX_FINDINGS).map((sectors) => {
    const [best, ...more] = sectors.slice(0, 2) as [SectorLead, ...SectorLead[]];
    const also = more.map((l) => ` y en ${sectorPart(l)}`).join('');
    const ours =
      best.ourLocalPack === 0
        ? 'no estás en el Local Pack en ninguno'
        : `solo estás en el Local Pack en ${best.ourLocalPack} (${formatShare((100 * best.ourLocalPack) / best.points)})`;
    const where = more.length === 0 ? 'allí' : `en el sector ${best.sector}`;
    const text = `${best.name} ocupa el primer puesto en ${sectorPart(best)}${also}; ${where} ${ours}.`;
    const figures: Record<string, number | string> = {
      competitor: best.name,
      sector: best.sector,
      sectorPoints: best.points,
      leaderPoints: best.wins,
      leaderPercentage: figure(leadShare(best)),
      ourLocalPack: best.ourLocalPack,
    };
    for (const [i, l] of more.entries()) {
      figures[`alsoSector${i + 2}`] = l.sector;
      figures[`alsoSectorPoints${i + 2}`] = l.points;
      figures[`alsoLeaderPoints${i + 2}`] = l.wins;
    }
    return { insight: { rule: 'zone-leader', text, figures }, strength: leadShare(best) / 100 };
  });
}
