import { TREND_MAX_ANALYSES } from '@rankmaps/shared/schemas/trend';
import type { AnalysisReport, Report } from '@rankmaps/shared/schemas/report';
import type { Container } from '../../container';
import { keywordsRepository } from '../keywords/keywords.repository';
import { reportReviewPace } from '../listing-guard/report-review-pace';
import { ownedOr404 as ownedPlaceOr404 } from '../places/places.service';
import { ownedKeywordOr404 } from '../rankmaps/rankmaps.service';
import { AppError } from '../../errors';
import { type SectionHead, reportAnalysesRepository } from './report-analyses.repository';
import { latestAiReport } from './report-ai';
import { reportBrandFor, reportClientFor } from './report-brand';
import { sectionHeadOr4xx, sectionOf } from './report-section-cache';
import { dataLabelOf } from './report-section.service';

// The client report (issue 17, docs/reports.md "Builder"): one JSON document per analysis,
// keyword or place, which the share page, the PDF and the report e-mail all render. Every
// function checks that the owner owns what it names: another user's id, or one that is not
// an id, answers the same 404 as the rest of the API.

/** The report of one completed analysis; 404 when it is not the owner's, 400 while it is not completed. */
export async function buildAnalysisReport(container: Container, ownerId: string, rankMapId: string): Promise<Report> {
  const head = await sectionHeadOr4xx(container, ownerId, rankMapId);
  const [brand, client, analysis, ai] = await Promise.all([
    reportBrandFor(container, ownerId),
    reportClientFor(container, ownerId, head.placeId),
    sectionOf(container, ownerId, head),
    // The keyword's latest AI analysis, as the keyword report carries it (docs/decisions.md §31.13).
    latestAiReport(container, head.keywordId),
  ]);
  return { scope: 'analysis', brand, ...client, place: head.place, generatedAt: new Date().toISOString(), analysis, ai };
}

/** The report of a keyword: its latest completed analysis (null before the first) and the list of its completed analyses, newest first. */
export async function buildKeywordReport(container: Container, ownerId: string, keywordId: string): Promise<Report> {
  const { keyword, place } = await ownedKeywordOr404(container, ownerId, keywordId);
  const [brand, client, completed, ai] = await Promise.all([
    reportBrandFor(container, ownerId),
    reportClientFor(container, ownerId, place.id),
    reportAnalysesRepository.completedByKeyword(container.database.db, keyword.id, TREND_MAX_ANALYSES),
    latestAiReport(container, keyword.id),
  ]);
  const history = completed.flatMap((a) =>
    a.stats && a.completedAt
      ? [{ date: a.completedAt.toISOString(), geoRank: a.stats.geoRank, avgTotalPosition: a.stats.avgTotalPosition, localPackPercentage: a.stats.localPackPercentage, dataLabel: dataLabelOf(a.provider) }]
      : [],
  );
  const latestId = completed.find((a) => a.stats && a.completedAt)?.id;
  const head = latestId ? await headOrNull(container, ownerId, latestId) : null;
  const latest = head ? await sectionOf(container, ownerId, head) : null;
  const market = head?.place.market ?? { countryCode: place.countryCode, languageCode: place.searchLanguage };
  return { scope: 'keyword', brand, ...client, place: { name: place.name, address: place.address, market }, generatedAt: new Date().toISOString(), keyword: keyword.name, latest, history, ai };
}

/**
 * The report of a place: a summary row per keyword (its latest completed analysis' figures,
 * nulls for a keyword never analysed), then a section per keyword that has one, in the
 * keywords' order (oldest first, as the place's screen lists them).
 */
export async function buildPlaceReport(container: Container, ownerId: string, placeId: string): Promise<Report> {
  const place = await ownedPlaceOr404(container, ownerId, placeId);
  const db = container.database.db;
  const [brand, client, keywords, reviewPace] = await Promise.all([
    reportBrandFor(container, ownerId),
    reportClientFor(container, ownerId, place.id),
    keywordsRepository.listByPlace(db, place.id),
    // «Ritmo de reseñas» (docs/metrics.md §13), from what the scans saw.
    reportReviewPace(db, place),
  ]);
  const latestIds = await reportAnalysesRepository.latestCompletedIds(
    db,
    keywords.map((k) => k.id),
  );
  // Each keyword's latest AI analysis, when it has one (docs/decisions.md §31.13).
  const aiOf = await Promise.all(keywords.map((k) => latestAiReport(container, k.id)));
  const ai = keywords.flatMap((k, i) => (aiOf[i] ? [{ keyword: k.name, ai: aiOf[i] }] : []));
  const sections = await Promise.all(
    keywords.map(async (keyword): Promise<AnalysisReport | null> => {
      const id = latestIds.get(keyword.id);
      const head = id ? await headOrNull(container, ownerId, id) : null;
      return head ? sectionOf(container, ownerId, head) : null;
    }),
  );
  const summary = keywords.map((keyword, i) => {
    const section = sections[i];
    const figure = (key: string) => section?.metrics.find((m) => m.key === key);
    return {
      keyword: keyword.name,
      date: section?.date ?? null,
      geoRank: figure('geoRank')?.current ?? null,
      geoRankDelta: figure('geoRank')?.delta ?? null,
      avgTotalPosition: figure('avgTotalPosition')?.current ?? null,
      localPackPercentage: figure('localPackPercentage')?.current ?? null,
      foundPercentage: figure('foundPercentage')?.current ?? null,
    };
  });
  return {
    scope: 'place',
    brand,
    ...client,
    place: { name: place.name, address: place.address, market: { countryCode: place.countryCode, languageCode: place.searchLanguage } },
    generatedAt: new Date().toISOString(),
    summary,
    keywords: sections.filter((s): s is AnalysisReport => s !== null),
    ...(reviewPace ? { reviewPace } : {}),
    ...(ai.length ? { ai } : {}),
  };
}

/** The head of an analysis just listed as completed, or null when it went meanwhile (deleted): the report goes on without it. */
async function headOrNull(container: Container, ownerId: string, rankMapId: string): Promise<SectionHead | null> {
  try {
    return await sectionHeadOr4xx(container, ownerId, rankMapId);
  } catch (err) {
    if (err instanceof AppError && (err.status === 404 || err.status === 400)) return null;
    throw err;
  }
}
