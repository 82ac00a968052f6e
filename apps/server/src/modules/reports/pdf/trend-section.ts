import type { AnalysisReport } from '@rankmaps/shared/schemas/report';
import { formatDayMonth, formatNumber } from './format';
import { COLOR, CONTENT_WIDTH, F, MARGIN } from './layout';
import type { ReportWriter } from './report-writer';

// «Evolución del GeoRank»: a line chart of the GeoRank across the completed analyses, ours in
// the brand's accent on top of the followed competitors' dashed lines.

/** The followed competitors' lines in the trend chart (ours takes the accent). */
const SERIES = ['#d97706', '#7c3aed', '#db2777', '#0891b2', '#65a30d'];

interface Series {
  name: string;
  color: string;
  values: (number | null)[];
  ours: boolean;
}

export function drawTrend(writer: ReportWriter, a: AnalysisReport): void {
  const { doc } = writer;
  const chartH = 170;
  const points = a.trend.points;
  writer.h2('Evolución del GeoRank', chartH + 60);
  if (points.length < 2) {
    writer.paragraph('Hace falta más de un análisis completado para ver la evolución.', { color: COLOR.muted });
    return;
  }
  const axisW = 26;
  const x0 = MARGIN.left + axisW;
  const w = CONTENT_WIDTH - axisW - 10;
  const y0 = doc.y + 6;
  const yOf = (v: number) => y0 + chartH - (Math.max(0, Math.min(100, v)) / 100) * chartH;
  const xOf = (i: number) => x0 + (points.length === 1 ? w / 2 : (i / (points.length - 1)) * w);
  // Axes and gridlines, 0 to 100.
  doc.font(F.regular).fontSize(7).fillColor(COLOR.muted);
  for (const v of [0, 25, 50, 75, 100]) {
    doc
      .moveTo(x0, yOf(v))
      .lineTo(x0 + w, yOf(v))
      .lineWidth(0.4)
      .strokeColor(COLOR.rule)
      .stroke();
    doc.fillColor(COLOR.muted).text(String(v), MARGIN.left, yOf(v) - 3.5, { width: axisW - 5, align: 'right', lineBreak: false });
  }
  // At most about ten dates on the axis, and always the latest.
  const every = Math.max(1, Math.ceil(points.length / 10));
  points.forEach((p, i) => {
    if (i % every !== 0 && i !== points.length - 1) return;
    doc
      .fillColor(COLOR.muted)
      .text(formatDayMonth(p.date, a.timeZone), xOf(i) - 20, y0 + chartH + 4, { width: 40, align: 'center', lineBreak: false });
  });
  // The followed competitors, dashed, then ours on top.
  const series: Series[] = a.trend.followed.map((f, k) => ({
    name: f.name,
    color: SERIES[k % SERIES.length]!,
    values: points.map((p) => p.competitors.find((c) => c.placeId === f.placeId)?.geoRank ?? null),
    ours: false,
  }));
  series.push({ name: `${writer.report.place.name} (tu negocio)`, color: writer.accent, values: points.map((p) => p.geoRank), ours: true });
  for (const s of series) {
    doc.lineWidth(s.ours ? 2.2 : 1.2).strokeColor(s.color);
    if (!s.ours) doc.dash(4, { space: 2.5 });
    // A missing value breaks the line rather than joining its neighbours.
    let drawing = false;
    s.values.forEach((v, i) => {
      if (v === null) {
        drawing = false;
        return;
      }
      if (drawing) doc.lineTo(xOf(i), yOf(v));
      else doc.moveTo(xOf(i), yOf(v));
      drawing = true;
    });
    doc.stroke();
    doc.undash();
    s.values.forEach((v, i) => {
      if (v !== null) doc.circle(xOf(i), yOf(v), s.ours ? 2.4 : 1.6).fill(s.color);
    });
  }
  const last = points[points.length - 1]!;
  doc
    .font(F.bold)
    .fontSize(8)
    .fillColor(writer.headingColor)
    .text(formatNumber(last.geoRank), xOf(points.length - 1) - 40, yOf(last.geoRank) - 13, {
      width: 40,
      align: 'right',
      lineBreak: false,
    });
  doc.y = y0 + chartH + 18;
  drawTrendLegend(writer, series);
}

/** One entry per line, ours first, wrapping to the next row when the width runs out. */
function drawTrendLegend(writer: ReportWriter, series: Series[]): void {
  const { doc } = writer;
  doc.font(F.regular).fontSize(7.5);
  let x = MARGIN.left;
  let y = doc.y;
  for (const s of [...series].reverse()) {
    const wItem = 22 + doc.widthOfString(s.name) + 12;
    if (x + wItem > MARGIN.left + CONTENT_WIDTH) {
      x = MARGIN.left;
      y += 12;
    }
    doc.lineWidth(s.ours ? 2.2 : 1.2).strokeColor(s.color);
    if (!s.ours) doc.dash(4, { space: 2.5 });
    doc
      .moveTo(x, y + 4)
      .lineTo(x + 16, y + 4)
      .stroke();
    doc.undash();
    doc.fillColor(COLOR.ink).text(s.name, x + 20, y, { lineBreak: false });
    x += wItem;
  }
  doc.y = y + 16;
  doc.x = MARGIN.left;
}
