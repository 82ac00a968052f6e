import type { ReportAi } from '@rankmaps/shared/schemas/report';
import { formatNumber, formatPercent, formatShortDate } from './format';
import { COLOR } from './layout';
import type { ReportWriter } from './report-writer';
import { drawTable } from './table';

// «Visibilidad en IA» in a keyword's report (docs/decisions.md §31.10): the latest AI analysis's
// three figures overall and per engine, each with its 95 % interval, and the businesses the AI
// names most. A figure without its interval would overstate what a few samples say.

type Estimate = ReportAi['overall']['shareOfVoice'];

/** '38 % (29–47 %)'; '–' with nothing measured. */
export function aiShareText(e: Estimate): string {
  if (e.value === null) return '–';
  if (e.low === null || e.high === null) return formatPercent(e.value, 0);
  return `${formatPercent(e.value, 0)} (${formatPercent(e.low, 0).replace(/\s?%$/, '')}–${formatPercent(e.high, 0)})`;
}

/** '1,7 (1,5–2)'; '–' with nothing measured. */
function positionText(e: Estimate): string {
  if (e.value === null) return '–';
  if (e.low === null || e.high === null) return formatNumber(e.value, 1);
  return `${formatNumber(e.value, 1)} (${formatNumber(e.low, 1)}–${formatNumber(e.high, 1)})`;
}

export function drawAiVisibility(writer: ReportWriter, ai: ReportAi, timeZone: string, heading = 'Visibilidad en IA'): void {
  writer.h2(heading, 120);
  writer.paragraph(
    `Análisis del ${formatShortDate(ai.date, timeZone)}: ${ai.gridSize} × ${ai.gridSize} puntos, ${ai.samples} ${ai.samples === 1 ? 'muestra' : 'muestras'} por punto.${ai.demo ? ' Datos de demostración: respuestas simuladas, no preguntas reales a los motores de IA.' : ''}`,
    { size: 8.5, color: ai.demo ? COLOR.labelInk : COLOR.muted },
  );
  writer.paragraph('Entre paréntesis, el intervalo de confianza del 95 %.', { size: 8, color: COLOR.muted });
  // Where the AI names the business, half against half, only beyond the noise (docs/metrics.md §12).
  for (const f of ai.findings ?? []) writer.paragraph(f.text, { size: 9 });
  drawTable(
    writer,
    [
      { header: 'Motor', width: 140, cell: (r) => ({ text: r.label, bold: r.label === 'Todos los motores' }) },
      { header: 'Cuota de voz en IA', width: 120, align: 'right', cell: (r) => aiShareText(r.shareOfVoice) },
      { header: 'Mencionado en', width: 120, align: 'right', cell: (r) => aiShareText(r.mentionedIn) },
      { header: 'Posición media en IA', width: 110, align: 'right', cell: (r) => positionText(r.avgPosition) },
    ],
    [{ label: 'Todos los motores', ...ai.overall }, ...ai.engines],
  );
  if (ai.competitors.length === 0) return;
  writer.h2('Negocios que nombra la IA', 60);
  drawTable(
    writer,
    [
      { header: '#', width: 18, align: 'right', cell: (_, i) => String(i + 1) },
      { header: 'Negocio', width: 300, cell: (c) => (c.isTarget ? `${c.name} (tu negocio)` : c.name) },
      { header: 'Cuota de voz', width: 140, align: 'right', cell: (c) => aiShareText(c.share) },
    ],
    ai.competitors,
    { highlight: (c) => c.isTarget },
  );
}
