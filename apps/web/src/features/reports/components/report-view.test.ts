import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { POSITION_BAND_COLORS, POSITION_BAND_TEXT_COLORS } from '@rankmaps/shared/metrics/bands';
import type { AnalysisReport, Report } from '@rankmaps/shared/schemas/report';
import { ReportView } from './report-view';

const brand = { name: 'Agencia Norte', logoUrl: null, accent: '#0f766e', contact: 'hola@agencia.example', footer: 'Confidencial', poweredBy: true, whiteLabel: true };
const place = { name: 'Clínica Núñez', address: 'Calle Mayor 1, Madrid', market: { countryCode: 'ES', languageCode: 'es' } };

function analysis(over: Partial<AnalysisReport> = {}): AnalysisReport {
  const cells = [0, 1, 2].flatMap((row) => [0, 1, 2].map((col) => ({ row, col, lat: 40 + row / 100, lng: -3 + col / 100, position: row === 2 && col === 2 ? null : row * 3 + col + 1, status: 'ok' as const })));
  return {
    keyword: 'dentista',
    query: 'clínica dental',
    date: '2026-11-20T09:30:00Z',
    timeZone: 'Europe/Madrid',
    grid: { gridSize: 3, radius: 1500, center: { lat: 40.01, lng: -2.99 }, totalPoints: 9 },
    dataLabel: 'demo',
    metrics: [
      { key: 'geoRank', better: 'higher', current: 62.5, reference: 50, delta: 12.5, trend: 'improved' },
      { key: 'localPackPercentage', better: 'higher', current: 33.33, reference: 44.44, delta: -11.11, trend: 'worsened' },
      { key: 'avgTotalPosition', better: 'lower', current: 7, reference: 7, delta: 0, trend: 'same' },
    ],
    previousDate: '2026-11-13T09:30:00Z',
    cells,
    movement: { improved: 4, worsened: 2, same: 3, newlyFound: 0, lost: 0, notComparable: 0 },
    trend: {
      points: [
        { date: '2026-11-13T09:30:00Z', geoRank: 50, avgTotalPosition: 7, competitors: [{ placeId: 'g-1', geoRank: 70 }] },
        { date: '2026-11-20T09:30:00Z', geoRank: 62.5, avgTotalPosition: 7, competitors: [{ placeId: 'g-1', geoRank: 65 }] },
      ],
      followed: [{ placeId: 'g-1', name: 'Dental Sol' }],
    },
    competitors: [{ name: 'Dental Sol', rating: 4.5, userRatingCount: 120, avgPosition: 2.5, avgTotalPosition: 3.25, localPackPercentage: 66.67, appearances: 9, geoRank: 80.25, isOurBusiness: false }],
    ads: [],
    insights: [{ rule: 'changes', text: 'El GeoRank pasa de 50 a 62,5.', figures: { from: 50, to: 62.5 } }],
    ...over,
  };
}

const render = (report: Report) => renderToStaticMarkup(createElement(ReportView, { report }));
const generatedAt = '2026-11-21T08:00:00Z';
type AnalysisScope = Extract<Report, { scope: 'analysis' }>;
const renderAnalysis = (over: Partial<AnalysisScope> = {}) => render({ scope: 'analysis', brand, place, generatedAt, analysis: analysis(), ...over });
const clientLogo = '/api/client-logo/0123456789abcdef0123456789abcdef.png';

describe('ReportView', () => {
  it('when an analysis is rendered, then the brand, the data label, the findings, each delta in words and arrows, the heat map in the band colours and the footer show, in Spanish numbers', () => {
    const html = renderAnalysis();
    const shownBySection = {
      header: ['Agencia Norte', 'Contacto: hola@agencia.example', '<h1', 'Clínica Núñez', 'Datos de demostración'],
      findings: ['El GeoRank pasa de 50 a 62,5.', '▲ </span>+12,5 (mejora)', '▼ </span>−11,11 p. p. (empeora)', '= </span>0 (sin cambios)'],
      heatMap: ['3 × 3 puntos, radio de 1,5 km', `fill="${POSITION_BAND_COLORS.top3}"`, `fill="${POSITION_BAND_COLORS.notFound}"`, 'Fila 3, columna 3: no aparece'],
      movementAndCompetitors: ['Puntos donde sube', 'Dental Sol', '80,25', 'Nadie anuncia en esta búsqueda.'],
      footer: ['Confidencial', 'Hecho con RankMaps'],
    };
    for (const [section, texts] of Object.entries(shownBySection)) for (const text of texts) expect(html, section).toContain(text);
    expect(html).toMatch(/33,33\s%/);
    // Each number in its band's text colour: dark on the light 1–3 fill, white on the dark +20.
    expect(html).toMatch(new RegExp(`fill="${POSITION_BAND_TEXT_COLORS.top3}">1</text>`));
    expect(html).toMatch(new RegExp(`fill="${POSITION_BAND_TEXT_COLORS.notFound}">\\+20</text>`));
    expect(POSITION_BAND_TEXT_COLORS.top3).not.toBe(POSITION_BAND_TEXT_COLORS.notFound);
  });

  it('when the place is grouped under a client, then «Informe para …» shows with its logo; without one, neither shows', () => {
    const cases = [
      // The agency's brand stays beside the client's.
      { over: { client: { name: 'Grupo Dental Sur', logoUrl: clientLogo } }, shown: ['Informe para Grupo Dental Sur', `src="${clientLogo}"`, 'alt="Logo de Grupo Dental Sur"', 'Agencia Norte'], hidden: [] },
      { over: { client: { name: 'Grupo Dental Sur', logoUrl: null } }, shown: ['Informe para Grupo Dental Sur'], hidden: ['client-logo'] },
      { over: {}, shown: [], hidden: ['Informe para'] },
    ];
    for (const { over, shown, hidden } of cases) {
      const html = renderAnalysis(over);
      for (const text of shown) expect(html).toContain(text);
      for (const text of hidden) expect(html).not.toContain(text);
    }
  });

  it('when the brand hides «Hecho con RankMaps» and there is no previous analysis nor data label, then neither line shows', () => {
    const html = renderAnalysis({ brand: { ...brand, poweredBy: false }, analysis: analysis({ dataLabel: null, movement: null, previousDate: null }) });
    expect(html).not.toContain('Hecho con RankMaps');
    expect(html).not.toContain('Datos de demostración');
    expect(html).toContain('No hay un análisis anterior con el que comparar.');
  });

  it('when a keyword and a place are rendered, then the history and the summary tables come first, then the analyses', () => {
    const keyword = render({
      scope: 'keyword',
      brand,
      place,
      generatedAt,
      keyword: 'dentista',
      latest: analysis(),
      history: [{ date: '2026-11-20T09:30:00Z', geoRank: 62.5, avgTotalPosition: 7, localPackPercentage: 33.33, dataLabel: 'demo' }],
    });
    expect(keyword.indexOf('Análisis de la keyword')).toBeLessThan(keyword.indexOf('Último análisis'));
    expect(keyword).toContain('20/11/2026');
    const placeReport = render({
      scope: 'place',
      brand,
      place,
      generatedAt,
      summary: [{ keyword: 'dentista', date: '2026-11-20T09:30:00Z', geoRank: 62.5, geoRankDelta: 12.5, avgTotalPosition: 7, localPackPercentage: 33.33, foundPercentage: 88.89 }],
      keywords: [analysis(), analysis({ keyword: 'ortodoncia' })],
    });
    expect(placeReport.indexOf('Resumen por keyword')).toBeLessThan(placeReport.indexOf('Keyword «dentista»'));
    expect(placeReport).toContain('Keyword «ortodoncia»');
    const empty = render({ scope: 'place', brand, place, generatedAt, summary: [], keywords: [] });
    expect(empty).toContain('Este negocio aún no tiene keywords con análisis completados.');
  });

  it('when an analysis or a place report carries AI analyses, then each AI section shows its figures with intervals and its finding', () => {
    const e = (value: number, low: number, high: number) => ({ value, low, high });
    const ai = {
      date: '2026-11-20T09:30:00Z',
      gridSize: 5,
      samples: 3,
      demo: true,
      overall: { shareOfVoice: e(40, 30, 51), mentionedIn: e(40, 23, 59), avgPosition: e(1.5, 1.2, 1.8) },
      engines: [{ label: 'Google AI Mode', shareOfVoice: e(40, 30, 51), mentionedIn: e(40, 23, 59), avgPosition: e(1.5, 1.2, 1.8) }],
      competitors: [{ name: 'Clínica Núñez', isTarget: true, share: e(40, 30, 51) }],
      findings: [{ rule: 'ai-halves', text: 'Google AI Mode te nombra en el norte pero no en el sur: …', figures: { engine: 'google-ai-mode' } }],
    };
    const one = renderAnalysis({ ai });
    expect(one).toContain('Visibilidad en IA');
    expect(one).toContain('Google AI Mode te nombra en el norte pero no en el sur');
    expect(one).toMatch(/40\s% \(30–51\s%\)/);
    const placeHtml = render({ scope: 'place', brand, place, generatedAt, summary: [], keywords: [], ai: [{ keyword: 'dentista', ai }] });
    expect(placeHtml).toContain('Visibilidad en IA: Keyword «dentista»');
    expect(placeHtml).toContain('Google AI Mode te nombra en el norte pero no en el sur');
  });
});
