import { catchUpText, reviewPaceFinding } from '@rankmaps/shared/review-pace/finding';
import type { ReportReviewPace } from '@rankmaps/shared/schemas/report';
import type { DbOrTx } from '../../db/client';
import { type PlaceForPace, placeReviewPace } from './review-pace.service';

/** A place report's «Ritmo de reseñas» (docs/metrics.md §13), or undefined while no scan has seen the business. */
export async function reportReviewPace(db: DbOrTx, place: PlaceForPace): Promise<ReportReviewPace | undefined> {
  const { summary, demo } = await placeReviewPace(db, place);
  if (summary.rows.every((r) => r.days.length === 0)) return undefined;
  return {
    rows: summary.rows.map((r) => ({ name: r.name, isOurs: r.isOurs, rating: r.rating, reviews: r.reviews, reviewsPerMonth: r.reviewsPerMonth, gapToLeader: r.gapToLeader, catchUp: catchUpText(r) })),
    finding: reviewPaceFinding(summary),
    demo,
  };
}
