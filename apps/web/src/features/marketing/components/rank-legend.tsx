import { RANK_BANDS } from './rank-scale';

/** The colour key of a RankMap. */
export function RankLegend({ title }: { title: string }) {
  return (
    <div>
      <p className="text-xs font-medium text-slate-500">{title}</p>
      <ul className="mt-2 flex flex-wrap gap-x-3 gap-y-1.5">
        {RANK_BANDS.map((band) => (
          <li key={band.label} className="inline-flex items-center gap-1.5 text-xs text-slate-600">
            <span aria-hidden="true" className="h-3 w-3 rounded-full" style={{ backgroundColor: band.fill }} />
            {band.label}
          </li>
        ))}
      </ul>
    </div>
  );
}
