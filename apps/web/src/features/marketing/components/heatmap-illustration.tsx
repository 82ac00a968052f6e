import { exampleRanks, rankFill, rankText } from './rank-scale';

interface HeatmapIllustrationProps {
  /** Accessible description of the picture. */
  label: string;
  size?: number;
  weakCorner?: 'sw' | 'ne';
  className?: string;
  /** Draw inside another SVG at this box instead of as a standalone image. */
  embedded?: { x: number; y: number; size: number };
}

const VIEW = 360;
const MARGIN = 34;

/** An illustrative RankMap drawn in SVG: a stylised street map under a grid of rank markers. */
export function HeatmapIllustration({ label, size = 7, weakCorner = 'sw', className = '', embedded }: HeatmapIllustrationProps) {
  const ranks = exampleRanks(size, weakCorner);
  const step = (VIEW - 2 * MARGIN) / (size - 1);
  const r = Math.min(17, step * 0.4);
  const centre = (size - 1) / 2;
  return (
    <svg
      viewBox={`0 0 ${VIEW} ${VIEW}`}
      {...(embedded
        ? { x: embedded.x, y: embedded.y, width: embedded.size, height: embedded.size, 'aria-hidden': true }
        : { role: 'img', 'aria-label': label, className: `block h-auto w-full ${className}` })}
    >
      <rect width={VIEW} height={VIEW} fill="#f1f5f9" />
      <path d="M250 360c10-60 60-90 110-96v96z" fill="#bfdbfe" />
      <rect x="22" y="214" width="96" height="74" rx="14" fill="#dcfce7" />
      <rect x="212" y="34" width="70" height="52" rx="10" fill="#dcfce7" />
      <g stroke="#fff" strokeLinecap="round" fill="none">
        <path d="M0 118h360M0 246h360M132 0v360M262 0v360" strokeWidth="9" />
        <path d="M0 182h360M66 0v360M196 0v360M318 0v250" strokeWidth="4" />
        <path d="M-10 330 370 30" strokeWidth="13" />
      </g>
      <path d="M-10 330 370 30" stroke="#fde68a" strokeWidth="4" strokeLinecap="round" />
      <g fontFamily="ui-sans-serif, system-ui, sans-serif" fontWeight="700" textAnchor="middle">
        {ranks.map((row, y) =>
          row.map((position, x) => {
            const cx = MARGIN + x * step;
            const cy = MARGIN + y * step;
            const isCentre = x === centre && y === centre;
            return (
              <g key={`${x}-${y}`}>
                {isCentre && <circle cx={cx} cy={cy} r={r + 6} fill="#1d4ed8" opacity="0.18" />}
                <circle
                  cx={cx}
                  cy={cy}
                  r={r}
                  fill={rankFill(position)}
                  stroke={isCentre ? '#1d4ed8' : '#fff'}
                  strokeWidth={isCentre ? 3 : 2}
                />
                <text x={cx} y={cy} dy="0.35em" fontSize={r * 0.78} fill={rankText(position)}>
                  {position ?? '+20'}
                </text>
              </g>
            );
          }),
        )}
      </g>
    </svg>
  );
}
