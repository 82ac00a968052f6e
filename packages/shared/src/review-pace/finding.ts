import type { ReportInsight } from '../schemas/report';
import { figure, formatNumber } from '../report-insights/format';
import type { PaceRow, PaceSummary } from './pace';

// The review-pace finding of a report (docs/metrics.md §13, «En los informes»): one sentence
// comparing our pace with the leader's, only when both paces are known.

export const REVIEW_PACE_RULE = 'review-pace';

const perMonth = (x: number) => formatNumber(x, 1);

/** «en un mes o menos», «en unos 11,2 meses». */
export const inMonths = (months: number) => (months <= 1 ? 'en un mes o menos' : `en unos ${formatNumber(months, 1)} meses`);

/** The finding, or null when our pace or the leader's is unknown («sin datos suficientes»). */
export function reviewPaceFinding(summary: PaceSummary): ReportInsight | null {
  const ours = summary.rows.find((r) => r.isOurs);
  const leader = summary.rows.find((r) => r.id === summary.leaderId);
  if (!ours || !leader || ours.reviewsPerMonth === null || leader.reviewsPerMonth === null || ours.reviews === null || leader.reviews === null) return null;
  const figures = { ourReviews: ours.reviews, ourPace: figure(ours.reviewsPerMonth), leaderReviews: leader.reviews, leaderPace: figure(leader.reviewsPerMonth) };
  if (leader === ours) {
    return {
      rule: REVIEW_PACE_RULE,
      text: `Eres el negocio con más reseñas de los que sigues (${ours.reviews}) y ganas ${perMonth(ours.reviewsPerMonth)} al mes.`,
      figures,
    };
  }
  const gap = leader.reviews - ours.reviews;
  const c = ours.catchUp;
  if (c.kind === 'months')
    return {
      rule: REVIEW_PACE_RULE,
      text: `${leader.name} tiene ${gap} reseñas más que tú y gana ${perMonth(leader.reviewsPerMonth)} al mes; tú, ${perMonth(ours.reviewsPerMonth)}. A este ritmo la alcanzarás ${inMonths(c.months)}.`,
      figures: { ...figures, gap, months: c.months },
    };
  return {
    rule: REVIEW_PACE_RULE,
    text: `${leader.name} gana ${perMonth(leader.reviewsPerMonth)} reseñas al mes y tú ${perMonth(ours.reviewsPerMonth)}: a este ritmo no la alcanzarás (te saca ${gap}).`,
    figures: { ...figures, gap },
  };
}

/** A row's catch-up in words, as «Reseñas» and the report write it. */
export function catchUpText(row: Pick<PaceRow, 'catchUp' | 'reviews'>): string {
  const c = row.catchUp;
  if (c.kind === 'leader') return row.reviews === null ? 'Sin datos suficientes' : 'Es el líder';
  if (c.kind === 'months') return c.months <= 1 ? 'En un mes o menos' : `En unos ${formatNumber(c.months, 1)} meses`;
  if (c.kind === 'never') return 'No la alcanzarás a este ritmo';
  return 'Sin datos suficientes';
}
