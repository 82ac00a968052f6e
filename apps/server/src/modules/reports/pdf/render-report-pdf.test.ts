import { createRequire } from 'node:module';
import { extractText, getDocumentProxy } from 'unpdf';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Report } from '@rankmaps/shared/schemas/report';
import {
  AGENCY_BRAND,
  FIXTURE_ADDRESS,
  FIXTURE_BUSINESS,
  buildAnalysisScopeReport,
  buildKeywordScopeReport,
  buildPlaceScopeReport,
  makeLogoPng,
} from '../../../../test/report-fixtures';
import { reportFonts } from './fonts';
import { contrastWithWhite } from './format';
import { renderReportPdf } from './render-report-pdf';

const require = createRequire(import.meta.url);

/** The text of each page, as a PDF reader extracts it, spaces collapsed. */
async function pagesOf(pdf: Buffer): Promise<string[]> {
  const doc = await getDocumentProxy(new Uint8Array(pdf));
  const { text } = await extractText(doc, { mergePages: false });
  return text.map((t) => t.replace(/\s+/g, ' '));
}

const has = (text: string, s: string) => text.includes(s.replace(/\s+/g, ' '));

describe('renderReportPdf', () => {
  let analysisPdf: Buffer;
  let analysisPages: string[];
  let analysisText: string;

  beforeAll(async () => {
    analysisPdf = await renderReportPdf(buildAnalysisScopeReport(), { logoPng: null });
    analysisPages = await pagesOf(analysisPdf);
    analysisText = analysisPages.join('\n');
  });

  it('makes an A4 portrait PDF with the business, the keyword and the search text', async () => {
    expect(analysisPdf.subarray(0, 5).toString()).toBe('%PDF-');
    const doc = await getDocumentProxy(new Uint8Array(analysisPdf));
    const page = await doc.getPage(1);
    const [, , w, h] = page.view;
    expect(Math.round(w!)).toBe(595);
    expect(Math.round(h!)).toBe(842);
    expect(has(analysisText, FIXTURE_BUSINESS)).toBe(true);
    expect(has(analysisText, FIXTURE_ADDRESS)).toBe(true);
    expect(has(analysisText, 'dentista urgencias')).toBe(true);
    expect(has(analysisText, '«dentista de urgencias cerca de mí»')).toBe(true);
    expect(has(analysisText, '25 × 25 (625 puntos), radio de 5 km')).toBe(true);
    expect(has(analysisText, 'España · español')).toBe(true);
  });

  it('writes dates on the place clock and figures the Spanish way, changes said as «mejora» or «empeora», never up or down', () => {
    // 08:30 UTC is 9:30 in Madrid in November.
    expect(has(analysisText, '23 de noviembre de 2026 a las 9:30')).toBe(true);
    expect(has(analysisText, 'Cambio frente al análisis del 16/11/2026')).toBe(true);
    for (const figure of [
      '47,3',
      '9,8',
      '38,4 %',
      '76 %',
      '51,3',
      '6,2',
      // GeoRank +3,5; the average total position 1,2 lower, which is better; % Local Pack +4,8
      // points; % encontrado −2 points; the average position unchanged; the index +0,75.
      '▲ mejora 3,5',
      '▲ mejora 1,2',
      '▲ mejora 4,8 p. p.',
      '▼ empeora 2 p. p.',
      'sin cambios',
      '▲ mejora 0,8',
    ]) {
      expect(has(analysisText, figure), figure).toBe(true);
    }
    expect(analysisText).not.toMatch(/\bsube\b|▲ \+|▼ −/);
    // The previous values: GeoRank 47,25 − 3,5, to one decimal (docs/decisions.md §29.3).
    expect(has(analysisText, '43,8')).toBe(true);
    expect(analysisText).not.toMatch(/\d\.\d{1,2}\b/);
  });

  it('draws every section in docs/reports.md order', () => {
    const order = [
      'Negocio',
      'Lo más destacado',
      'Métricas',
      'Mapa de posiciones',
      'Movimiento desde el análisis anterior',
      'Evolución del GeoRank',
      'Competidores principales',
      'Detector de anuncios',
      'Qué significa cada cifra',
    ];
    const at = order.map((s) => analysisText.indexOf(s));
    expect(
      at.every((i) => i >= 0),
      JSON.stringify(at),
    ).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
    // The data label's own note closes the analysis.
    expect(analysisText.lastIndexOf('Estas cifras son una simulación')).toBeGreaterThan(at[at.length - 1]!);
  });

  it('lists the 5 insights, the 10 competitors, the ads, the movement and the followed competitors', () => {
    const report = buildAnalysisScopeReport();
    if (report.scope !== 'analysis') throw new Error('fixture');
    for (const i of report.analysis.insights) expect(has(analysisText, i.text), i.text).toBe(true);
    for (const c of report.analysis.competitors) expect(has(analysisText, c.name), c.name).toBe(true);
    expect(has(analysisText, `${FIXTURE_BUSINESS} (tu negocio)`)).toBe(true);
    for (const ad of ['Implantes Madrid Centro', '42,5 %', '31,2 %']) expect(has(analysisText, ad), ad).toBe(true);
    for (const [n, label] of [
      ['212', 'Mejoran'],
      ['97', 'Empeoran'],
      ['240', 'Sin cambios'],
      ['18', 'Ahora apareces'],
      ['11', 'Ya no apareces'],
      ['15', 'No comparables'],
    ])
      expect(has(analysisText, `${n} ${label}`), label).toBe(true);
    for (const f of report.analysis.trend.followed) expect(has(analysisText, f.name)).toBe(true);
    // The trend's axis: the 8 weekly dates, oldest 5 October, newest 23 November.
    expect(analysisText).toMatch(/(^|\s)5\/10\s+12\/10\s+19\/10\s+26\/10\s+2\/11\s+9\/11\s+16\/11\s+23\/11(\s|$)/);
  });

  it('writes the positions inside the cells of a 25×25 map, «+20» for not found, and the legend', () => {
    const mapPage = analysisPages.find((p) => has(p, 'Mapa de posiciones'))!;
    expect(mapPage).toBeDefined();
    const report = buildAnalysisScopeReport();
    if (report.scope !== 'analysis') throw new Error('fixture');
    const notFound = report.analysis.cells.filter((c) => c.status === 'ok' && c.position === null).length;
    const failed = report.analysis.cells.filter((c) => c.status === 'failed').length;
    expect(notFound).toBeGreaterThan(0);
    expect(failed).toBeGreaterThan(0);
    // Each not-found cell, plus the legend's «+20 (no aparece)» and the caption's «+20».
    expect(mapPage.split('+20').length - 1).toBe(notFound + 2);
    expect(mapPage.split('×').length - 1).toBeGreaterThanOrEqual(failed);
    for (const legend of ['1–3', '4–5', '6–10', '11–15', '16–20', '+20 (no aparece)', 'Fallido', 'Excluido', 'Centro'])
      expect(has(mapPage, legend), legend).toBe(true);
  });

  it('leaves the numbers out of cells too small to hold them', async () => {
    const pdf = await renderReportPdf(buildAnalysisScopeReport({ gridSize: 49 }), { logoPng: null });
    const mapPage = (await pagesOf(pdf)).find((p) => has(p, 'Mapa de posiciones'))!;
    expect(mapPage.split('+20').length - 1).toBe(2);
  });

  it('stays within the benchmark budget in size', () => {
    expect(analysisPdf.length).toBeLessThan(1.5 * 1024 * 1024);
  });

  it('carries RankMaps brand and the data label on every page, with page numbers and no «Hecho con» line', () => {
    expect(analysisPages.length).toBeGreaterThanOrEqual(2);
    analysisPages.forEach((p, i) => {
      expect(has(p, 'RankMaps'), `page ${i + 1}`).toBe(true);
      expect(has(p, 'Datos de demostración'), `page ${i + 1}`).toBe(true);
      expect(has(p, `Página ${i + 1} de ${analysisPages.length}`)).toBe(true);
    });
    expect(analysisText).not.toContain('Hecho con RankMaps');
  });

  it('signs a white-label report with the agency: logo, name, contact, footer and «Hecho con RankMaps» on every page', async () => {
    const logo = await makeLogoPng();
    const pdf = await renderReportPdf(buildAnalysisScopeReport({ brand: AGENCY_BRAND, dataLabel: 'approximation' }), { logoPng: logo });
    const pages = await pagesOf(pdf);
    pages.forEach((p, i) => {
      for (const s of [
        AGENCY_BRAND.name,
        AGENCY_BRAND.contact!,
        AGENCY_BRAND.footer!,
        'Hecho con RankMaps',
        'Aproximación con Google Places',
      ])
        expect(has(p, s), `${s} on page ${i + 1}`).toBe(true);
      expect(has(p, 'Datos de demostración')).toBe(false);
    });
    // The logo is one image, embedded once and named in every page's resources.
    const raw = pdf.toString('latin1');
    expect(raw.match(/\/XObject <<\s*\/I1 \d+ 0 R\s*>>/g)).toHaveLength(pages.length);
    expect(raw).not.toMatch(/\/I2 \d+ 0 R/);
  });

  it('drops «Hecho con RankMaps» when the brand removes it, and survives an unreadable logo', async () => {
    const pdf = await renderReportPdf(buildAnalysisScopeReport({ brand: { ...AGENCY_BRAND, poweredBy: false }, dataLabel: null }), {
      logoPng: Buffer.from('not a png'),
    });
    const text = (await pagesOf(pdf)).join('\n');
    expect(has(text, AGENCY_BRAND.name)).toBe(true);
    expect(text).not.toContain('Hecho con RankMaps');
    expect(text).not.toContain('Datos de demostración');
    expect(text).not.toContain('Aproximación con Google Places');
  });

  it('says so when there is no previous analysis, trend, ads or insights', async () => {
    const pdf = await renderReportPdf(buildAnalysisScopeReport({ withPrevious: false, trendPoints: 1, adCount: 0, insightCount: 0 }), {
      logoPng: null,
    });
    const text = (await pagesOf(pdf)).join('\n');
    expect(has(text, 'Es el primer análisis de esta keyword: aún no hay cambios que mostrar.')).toBe(true);
    expect(has(text, 'no hay otro con el que comparar los puntos')).toBe(true);
    expect(has(text, 'Hace falta más de un análisis completado para ver la evolución.')).toBe(true);
    expect(has(text, 'No se detectaron anuncios en este análisis')).toBe(true);
    expect(has(text, 'Todavía no hay datos suficientes')).toBe(true);
    expect(text).not.toContain('▲');
  });

  it('opens a keyword report with its history, then the latest analysis on a new page', async () => {
    const report = buildKeywordScopeReport();
    const pages = await pagesOf(await renderReportPdf(report, { logoPng: null }));
    expect(has(pages[0]!, 'Informe de la keyword «dentista urgencias»')).toBe(true);
    expect(has(pages[0]!, 'Historial de análisis')).toBe(true);
    for (const d of ['05/10/2026', '23/11/2026', '33,3', '38,4 %']) expect(has(pages[0]!, d), d).toBe(true);
    expect(has(pages[0]!, 'Mapa de posiciones')).toBe(false);
    expect(has(pages[1]!, 'Último análisis')).toBe(true);
    expect(pages.join('\n').indexOf('Mapa de posiciones')).toBeGreaterThan(pages[0]!.length);
  });

  it('says so for a keyword without a completed analysis', async () => {
    const report: Report = { ...buildKeywordScopeReport(), scope: 'keyword', keyword: 'podólogo', latest: null, history: [] };
    const pages = await pagesOf(await renderReportPdf(report, { logoPng: null }));
    expect(pages).toHaveLength(1);
    expect(has(pages[0]!, 'Esta keyword aún no tiene ningún análisis completado.')).toBe(true);
  });

  it('makes a place report: the summary, then one section starting a new page per keyword', async () => {
    const report = buildPlaceScopeReport({ keywordCount: 3 });
    if (report.scope !== 'place') throw new Error('fixture');
    const pages = await pagesOf(await renderReportPdf(report, { logoPng: null }));
    expect(has(pages[0]!, 'Resumen de las keywords')).toBe(true);
    for (const k of report.keywords) expect(has(pages[0]!, k.keyword)).toBe(true);
    expect(has(pages[0]!, '▼ empeora 2,3')).toBe(true);
    const starts = report.keywords.map((k) => pages.findIndex((p) => has(p, `Keyword «${k.keyword}»`)));
    expect(starts).toEqual([1, starts[0]! + (starts[1]! - starts[0]!), starts[0]! + 2 * (starts[1]! - starts[0]!)]);
    expect(starts[0]).toBe(1);
    // Each keyword takes the same pages (same fixture shape): the summary, then 3 equal sections.
    const perKeyword = starts[1]! - starts[0]!;
    expect(perKeyword).toBeGreaterThanOrEqual(2);
    expect(pages).toHaveLength(1 + 3 * perKeyword);
    expect(perKeyword).toBe(4);
    pages.forEach((p, i) => expect(has(p, `Página ${i + 1} de ${pages.length}`)).toBe(true));
  });

  it('bundles a font that has every glyph the report writes', () => {
    const fontkit = require('fontkit') as { create(b: Buffer): { hasGlyphForCodePoint(cp: number): boolean } };
    const text = 'ÁÉÍÓÚÜÑáéíóúüñ¿¡«»–−·€▲▼×ªº';
    for (const buffer of Object.values(reportFonts())) {
      const font = fontkit.create(buffer);
      for (const ch of text) expect(font.hasGlyphForCodePoint(ch.codePointAt(0)!), ch).toBe(true);
    }
  });

  it('measures the accent against white, to keep pale brand colours readable', () => {
    expect(contrastWithWhite('#ffffff')).toBeCloseTo(1, 5);
    expect(contrastWithWhite('#000000')).toBeCloseTo(21, 5);
    expect(contrastWithWhite('#2563eb')).toBeGreaterThan(4.5);
    expect(contrastWithWhite('#fde047')).toBeLessThan(3);
  });

  it('draws a report whose brand has a pale or malformed accent', async () => {
    for (const accent of ['#fde047', 'rojo']) {
      const text = (
        await pagesOf(await renderReportPdf(buildAnalysisScopeReport({ brand: { ...AGENCY_BRAND, accent } }), { logoPng: null }))
      ).join('\n');
      expect(has(text, 'Métricas')).toBe(true);
      expect(has(text, AGENCY_BRAND.name)).toBe(true);
    }
  });
});
