import type { AnalysisReport } from '@rankmaps/shared/schemas/report';
import { formatNumber, formatPercent, formatRating, orDash } from './format';
import { COLOR } from './layout';
import type { ReportWriter } from './report-writer';
import { drawTable } from './table';

// The other businesses in the zone: «Competidores principales» (the top 10 by GeoRank, ours
// highlighted among them) and «Detector de anuncios» (who pays to appear, and where).

/** The name as the tables show it, ours marked so the reader finds it among the others. */
const businessName = (b: { name: string; isOurBusiness: boolean }) => (b.isOurBusiness ? `${b.name} (tu negocio)` : b.name);

export function drawCompetitors(writer: ReportWriter, a: AnalysisReport): void {
  writer.h2('Competidores principales', 60);
  if (a.competitors.length === 0) writer.paragraph('No hay competidores en este análisis.', { color: COLOR.muted });
  else
    drawTable(
      writer,
      [
        { header: '#', width: 18, align: 'right', cell: (_, i) => String(i + 1) },
        { header: 'Negocio', width: 150, cell: businessName },
        { header: 'Valoración', width: 56, align: 'right', cell: (c) => orDash(c.rating, formatRating) },
        { header: 'Reseñas', width: 46, align: 'right', cell: (c) => formatNumber(c.userRatingCount, 0) },
        { header: 'Posición media', width: 52, align: 'right', cell: (c) => formatNumber(c.avgPosition) },
        { header: 'Posición media total', width: 60, align: 'right', cell: (c) => orDash(c.avgTotalPosition, formatNumber) },
        { header: '% Local Pack', width: 52, align: 'right', cell: (c) => formatPercent(c.localPackPercentage) },
        { header: 'GeoRank', width: 50, align: 'right', cell: (c) => ({ text: formatNumber(c.geoRank), bold: true }) },
      ],
      a.competitors.slice(0, 10),
      { highlight: (c) => c.isOurBusiness },
    );
}

export function drawAds(writer: ReportWriter, a: AnalysisReport): void {
  writer.h2('Detector de anuncios', 50);
  if (a.ads.length === 0) {
    writer.paragraph('No se detectaron anuncios en este análisis (algunas fuentes de datos no los devuelven).', { color: COLOR.muted });
    return;
  }
  writer.paragraph(
    'Los negocios que pagan por aparecer como anuncio, y en qué parte de la zona. Los anuncios no cuentan para las posiciones.',
    { size: 8, color: COLOR.muted },
  );
  drawTable(
    writer,
    [
      { header: 'Negocio', width: 260, cell: businessName },
      { header: '% de anuncio', width: 90, align: 'right', cell: (ad) => formatPercent(ad.share) },
      { header: 'Puntos', width: 80, align: 'right', cell: (ad) => formatNumber(ad.appearances, 0) },
    ],
    a.ads,
    { highlight: (ad) => ad.isOurBusiness },
  );
}
