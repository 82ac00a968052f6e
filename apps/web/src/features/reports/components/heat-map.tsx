import { POSITION_BANDS, POSITION_BAND_COLORS, POSITION_BAND_TEXT_COLORS, positionBand } from '@rankmaps/shared/metrics/bands';
import type { ReportCell } from '@rankmaps/shared/schemas/report';
import { fill, reportTexts as t } from '../utils/texts';

const CELL = 40;
const GAP = 3;
/** Failed or excluded points: no position to colour. */
const NO_DATA = '#e2e8f0';

function cellLabel(cell: ReportCell): string {
  const at = { row: cell.row + 1, col: cell.col + 1 };
  if (cell.status !== 'ok') return fill(t.cellFailed, at);
  return cell.position === null ? fill(t.cellNotFound, at) : fill(t.cellPosition, { ...at, position: cell.position });
}

/**
 * The heat map as vector shapes, no map tiles: one square per grid point, coloured by our
 * position with the bands of docs/metrics.md §5, the position written inside, and a legend
 * that names each colour (colour is never the only carrier: the number is in the square).
 */
export function HeatMap({ cells, gridSize, accent }: { cells: ReportCell[]; gridSize: number; accent: string }) {
  const size = gridSize * CELL + (gridSize + 1) * GAP;
  const found = cells.filter((c) => c.status === 'ok' && c.position !== null).length;
  const description = fill(t.heatMapDescription, { found, total: cells.length });
  return (
    <figure className="m-0">
      <svg
        viewBox={`0 0 ${size} ${size}`}
        className="mx-auto block h-auto w-full max-w-md rounded-lg"
        role="img"
        aria-label={`${t.heatMap}. ${description}`}
        style={{ border: `2px solid ${accent}` }}
      >
        {cells.map((cell) => {
          const x = GAP + cell.col * (CELL + GAP);
          const y = GAP + cell.row * (CELL + GAP);
          const fillColor = cell.status === 'ok' ? POSITION_BAND_COLORS[positionBand(cell.position)] : NO_DATA;
          return (
            <g key={`${cell.row}-${cell.col}`}>
              <title>{cellLabel(cell)}</title>
              <rect x={x} y={y} width={CELL} height={CELL} rx={6} fill={fillColor} />
              {cell.status === 'ok' && (
                <text x={x + CELL / 2} y={y + CELL / 2} dominantBaseline="central" textAnchor="middle" fontSize={cell.position === null ? 12 : 15} fontWeight={700} fill={POSITION_BAND_TEXT_COLORS[positionBand(cell.position)]}>
                  {cell.position ?? '+20'}
                </text>
              )}
            </g>
          );
        })}
      </svg>
      <figcaption className="mt-3 text-sm text-slate-600">{description}</figcaption>
      <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-700" aria-label={t.legend}>
        {POSITION_BANDS.map((band) => (
          <li key={band} className="flex items-center gap-1.5">
            <span aria-hidden="true" className="inline-block h-3.5 w-3.5 rounded" style={{ backgroundColor: POSITION_BAND_COLORS[band] }} />
            {t.band[band]}
          </li>
        ))}
      </ul>
    </figure>
  );
}
