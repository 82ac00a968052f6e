import { TREND_MAX_ANALYSES } from '@rankmaps/shared/schemas/trend';
import type { AnalysisReport, Report } from '@rankmaps/shared/schemas/report';
import type { Container } from '../../container';
import { keywordsRepository } from '../keywords/keywords.repository';
import { ownedOr404 as ownedPlaceOr404 } from '../places/places.service';
import { getTrend } from '../rankmaps/rankmap-trend.service';
import { rankMapsRepository } from '../rankmaps/rankmaps.repository';
import { KEYWORD_NOT_FOUND, ownedKeywordOr404, ownedRankMapOr404 } from '../rankmaps/rankmaps.service';
import { notFound } from '../../errors';
import { reportAnalysesRepository } from './report-analyses.repository';
import { reportBrandFor } from './report-brand';
import { type CompletedRankMap, analysisSection, completedOr400, dataLabelOf, marketOf } from './report-section.service';

// The client report (issue 17, docs/reports.md "Builder"): one JSON document per analysis,
// keyword or place, which the share page, the PDF and the report e-mail all render. Every
// function checks that the owner owns what it names: another user's id, or one that is not
// an id, answers the same 404 as the rest of the API.

const placeOf = (place: { name: string; address: string }, market: { countryCode: string; languageCode: string }) => ({ name: place.name, address: place.address, market });

/** The report of one completed analysis; 404 when it is not the owner's, 400 while it is not completed. */
export async function buildAnalysisReport(container: Container, ownerId: string, rankMapId: string): Promise<Report> {
  const row = completedOr400(await ownedRankMapOr404(container, ownerId, rankMapId));
  const found = await keywordsRepository.findOwned(container.database.db, ownerId, row.keywordId);
  if (!found) throw notFound(KEYWORD_NOT_FOUND, 'KEYWORD_NOT_FOUND');
  const { keyword, place } = found;
  const [brand, trend] = await Promise.all([reportBrandFor(container, ownerId), getTrend(container, ownerId, keyword.id)]);
  const analysis = await analysisSection(container, { row, keyword: keyword.name, place, trend });
  return { scope: 'analysis', brand, place: placeOf(place, marketOf(row, place)), generatedAt: new Date().toISOString(), analysis };
}

/** The report of a keyword: its latest completed analysis (null before the first) and the list of its completed analyses, newest first. */
export async function buildKeywordReport(container: Container, ownerId: string, keywordId: string): Promise<Report> {
  const { keyword, place } = await ownedKeywordOr404(container, ownerId, keywordId);
  const db = container.database.db;
  const [brand, completed, trend] = await Promise.all([
    reportBrandFor(container, ownerId),
    reportAnalysesRepository.completedByKeyword(db, keyword.id, TREND_MAX_ANALYSES),
    getTrend(container, ownerId, keyword.id),
  ]);
  const history = completed.flatMap((a) =>
    a.stats && a.completedAt
      ? [{ date: a.completedAt.toISOString(), geoRank: a.stats.geoRank, avgTotalPosition: a.stats.avgTotalPosition, localPackPercentage: a.stats.localPackPercentage, dataLabel: dataLabelOf(a.provider) }]
      : [],
  );
  const latestId = completed.find((a) => a.stats && a.completedAt)?.id;
  const latestRow = latestId ? await latestCompleted(container, latestId) : null;
  const latest = latestRow ? await analysisSection(container, { row: latestRow, keyword: keyword.name, place, trend }) : null;
  return { scope: 'keyword', brand, place: placeOf(place, marketOf(latestRow, place)), generatedAt: new Date().toISOString(), keyword: keyword.name, latest, history };
}

/**
 * The report of a place: a summary row per keyword (its latest completed analysis' figures,
 * nulls for a keyword never analysed), then a section per keyword that has one, in the
 * keywords' order (oldest first, as the place's screen lists them).
 */
export async function buildPlaceReport(container: Container, ownerId: string, placeId: string): Promise<Report> {
  const place = await ownedPlaceOr404(container, ownerId, placeId);
  const db = container.database.db;
  const [brand, keywords] = await Promise.all([reportBrandFor(container, ownerId), keywordsRepository.listByPlace(db, place.id)]);
  const latestIds = await reportAnalysesRepository.latestCompletedIds(
    db,
    keywords.map((k) => k.id),
  );
  const sections = await Promise.all(
    keywords.map(async (keyword): Promise<AnalysisReport | null> => {
      const id = latestIds.get(keyword.id);
      if (!id) return null;
      const [row, trend] = await Promise.all([latestCompleted(container, id), getTrend(container, ownerId, keyword.id)]);
      return row ? analysisSection(container, { row, keyword: keyword.name, place, trend }) : null;
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
    place: placeOf(place, { countryCode: place.countryCode, languageCode: place.searchLanguage }),
    generatedAt: new Date().toISOString(),
    summary,
    keywords: sections.filter((s): s is AnalysisReport => s !== null),
  };
}

/** A completed analysis read whole (its grid and competitors table), or null if it went meanwhile. */
async function latestCompleted(container: Pick<Container, 'database'>, id: string): Promise<CompletedRankMap | null> {
  const row = await rankMapsRepository.findById(container.database.db, id);
  return row?.status === 'completed' && row.stats && row.completedAt ? { ...row, stats: row.stats, completedAt: row.completedAt } : null;
}
