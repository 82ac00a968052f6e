import { renderReportPdf } from '../reports/pdf';
import { reportPdfAssetsFor } from '../reports/report-brand';
import { buildPlaceReport } from '../reports/report-builder.service';
import { shareLinksRepository } from '../reports/share-links.repository';
import { newShareToken, shareTokenHash, shareUrlOf } from '../reports/share-links.service';
import type { ReportSendDeps } from './report-send.service';

const DAY_MS = 86_400_000;

/**
 * The report pieces the report-email job uses in production: the place report's builder, the
 * PDF renderer with the brand's and the client's logos, and a share link to the place report. The link is made
 * from the share links' own pieces (token, hash, URL, repository) inside the job's transaction,
 * so it exists only if the round's e-mails do (docs/decisions.md §24.6); it is the owner's, like
 * one made in «Compartir», and listed with theirs.
 */
export const reportSendDeps: ReportSendDeps = {
  buildPlaceReport: (container, ownerId, placeId) => buildPlaceReport(container, ownerId, placeId),
  renderPdf: (report, assets) => renderReportPdf(report, assets),
  assetsFor: (container, userId, report) => reportPdfAssetsFor(container, userId, report),
  async createShareLink(container, tx, { ownerId, placeId, expiresInDays }) {
    const token = newShareToken();
    const now = new Date();
    const row = await shareLinksRepository.insert(tx, {
      userId: ownerId,
      scope: 'place',
      placeId,
      keywordId: null,
      rankMapId: null,
      tokenHash: shareTokenHash(token),
      expiresAt: new Date(now.getTime() + expiresInDays * DAY_MS),
      embedOrigins: [],
      createdAt: now,
    });
    return { id: row.id, url: shareUrlOf(container.config.appUrl, token) };
  },
};
