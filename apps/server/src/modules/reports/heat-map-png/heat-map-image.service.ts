import type { AnalysisReport } from '@rankmaps/shared/schemas/report';
import type { Container } from '../../../container';
import { sectionHeadOr4xx, sectionOf } from '../report-section-cache';
import { renderHeatMapPng } from './heat-map-png';

/**
 * The heat map of the owner's completed analysis as a PNG, with what its section says: the same
 * 404 for another workspace's or a malformed id, and 400 while it is not completed, as the report.
 * The section comes from the report's cache, so a map asked for twice reads its points once.
 */
export interface HeatMapImage {
  png: Buffer;
  filename: string;
  /** What the image was drawn from, for callers that also give the figures (get_heatmap). */
  section: AnalysisReport;
  analysisId: string;
  placeName: string;
}

export async function heatMapImage(container: Pick<Container, 'database'>, ownerId: string, rankMapId: string): Promise<HeatMapImage> {
  const head = await sectionHeadOr4xx(container, ownerId, rankMapId);
  const section = await sectionOf(container, ownerId, head);
  const png = await renderHeatMapPng({ section, placeName: head.place.name });
  return { png, filename: `mapa-${head.id}.png`, section, analysisId: head.id, placeName: head.place.name };
}
