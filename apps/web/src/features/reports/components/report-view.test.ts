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

describe('ReportView', () => {
  it('when an analysis is rendered, then the brand, the data label, the findings, each delta in words and arrows, the heat map in the band colours and the footer show, in Spanish numbers', () => {
    const html = render({ scope: 'analysis', brand, place, generatedAt: '2026-11-21T08:00:00Z', analysis: analysis() });
    expect(html).toContain('Agencia Norte');
    expect(html).toContain('Contacto: hola@agencia.example');
    expect(html).toContain('<h1');
    expect(html).toContain('Clínica Núñez');
    expect(html).toContain('Datos de demostración');
    expect(html).toContain('El GeoRank pasa de 50 a 62,5.');
    expect(html).toContain('▲ </span>+12,5 (mejora)');
    expect(html).toContain('▼ </span>−11,11 p. p. (empeora)');
    expect(html).toContain('= </span>0 (sin cambios)');
    expect(html).toMatch(/33,33\s%/);
    expect(html).toContain('3 × 3 puntos, radio de 1,5 km');
    expect(html).toContain(`fill="${POSITION_BAND_COLORS.top3}"`);
    expect(html).toContain(`fill="${POSITION_BAND_COLORS.notFound}"`);
    // Each number in its band's text colour: dark on the light 1–3 fill, white on the dark +20.
    expect(html).toMatch(new RegExp(`fill="${POSITION_BAND_TEXT_COLORS.top3}">1</text>`));
    expect(html).toMatch(new RegExp(`fill="${POSITION_BAND_TEXT_COLORS.notFound}">\\+20</text>`));
    expect(POSITION_BAND_TEXT_COLORS.top3).not.toBe(POSITION_BAND_TEXT_COLORS.notFound);
    expect(html).toContain('Fila 3, columna 3: no aparece');
    expect(html).toContain('Puntos donde sube');
    expect(html).toContain('Dental Sol');
    expect(html).toContain('80,25');
    expect(html).toContain('Nadie anuncia en esta búsqueda.');
    expect(html).toContain('Confidencial');
    expect(html).toContain('Hecho con RankMaps');
  });

  it('when the place is grouped under a client, then «Informe para …» shows with its logo; without one, neither shows', () => {
    const withClient = render({ scope: 'analysis', brand, client: { name: 'Grupo Dental Sur', logoUrl: '/api/client-logo/0123456789abcdef0123456789abcdef.png' }, place, generatedAt: '2026-11-21T08:00:00Z', analysis: analysis() });
    expect(withClient).toContain('Informe para Grupo Dental Sur');
    expect(withClient).toContain('src="/api/client-logo/0123456789abcdef0123456789abcdef.png"');
    expect(withClient).toContain('alt="Logo de Grupo Dental Sur"');
    // The agency's brand stays beside it.
    expect(withClient).toContain('Agencia Norte');
    const nameOnly = render({ scope: 'analysis', brand, client: { name: 'Grupo Dental Sur', logoUrl: null }, place, generatedAt: '2026-11-21T08:00:00Z', analysis: analysis() });
    expect(nameOnly).toContain('Informe para Grupo Dental Sur');
    expect(nameOnly).not.toContain('client-logo');
    const without = render({ scope: 'analysis', brand, place, generatedAt: '2026-11-21T08:00:00Z', analysis: analysis() });
    expect(without).not.toContain('Informe para');
  });

  it('when the brand hides «Hecho con RankMaps» and there is no previous analysis nor data label, then neither line shows', () => {
    const html = render({ scope: 'analysis', brand: { ...brand, poweredBy: false }, place, generatedAt: '2026-11-21T08:00:00Z', analysis: analysis({ dataLabel: null, movement: null, previousDate: null }) });
    expect(html).not.toContain('Hecho con RankMaps');
    expect(html).not.toContain('Datos de demostración');
    expect(html).toContain('No hay un análisis anterior con el que comparar.');
  });

  it('when a keyword and a place are rendered, then the history and the summary tables come first, then the analyses', () => {
    const keyword = render({
      scope: 'keyword',
      brand,
      place,
      generatedAt: '2026-11-21T08:00:00Z',
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
      generatedAt: '2026-11-21T08:00:00Z',
      summary: [{ keyword: 'dentista', date: '2026-11-20T09:30:00Z', geoRank: 62.5, geoRankDelta: 12.5, avgTotalPosition: 7, localPackPercentage: 33.33, foundPercentage: 88.89 }],
      keywords: [analysis(), analysis({ keyword: 'ortodoncia' })],
    });
    expect(placeReport.indexOf('Resumen por keyword')).toBeLessThan(placeReport.indexOf('Keyword «dentista»'));
    expect(placeReport).toContain('Keyword «ortodoncia»');
    const empty = render({ scope: 'place', brand, place, generatedAt: '2026-11-21T08:00:00Z', summary: [], keywords: [] });
    expect(empty).toContain('Este negocio aún no tiene keywords con análisis completados.');
  });
});
