import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import type { Report, ReportAi } from '@rankmaps/shared/schemas/report';
import { buildKeywordScopeReport } from '../../../../test/report-fixtures';
import { aiShareText } from './ai-visibility-section';
import { renderReportPdf } from './render-report-pdf';

// «Visibilidad en IA» in a keyword's PDF (docs/decisions.md §31.10), read back as a PDF reader
// extracts it: every figure with its interval, the businesses named, and the demo label.

async function textOf(pdf: Buffer): Promise<string[]> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: false });
  return text.map((t) => t.replace(/\s+/g, ' '));
}
const has = (text: string, s: string) => text.includes(s.replace(/\s+/g, ' '));

const AI: ReportAi = {
  date: '2026-11-23T08:30:00.000Z',
  gridSize: 5,
  samples: 3,
  demo: true,
  overall: { shareOfVoice: { value: 55.3, low: 46.2, high: 63.4 }, mentionedIn: { value: 86, low: 74, high: 93 }, avgPosition: { value: 1.74, low: 1.52, high: 1.96 } },
  engines: [
    { label: 'Google AI Mode', shareOfVoice: { value: 72, low: 60.4, high: 81 }, mentionedIn: { value: 92, low: 75, high: 98 }, avgPosition: { value: 1.9, low: 1.5, high: 2.2 } },
    { label: 'Google AI Overviews', shareOfVoice: { value: null, low: null, high: null }, mentionedIn: { value: null, low: null, high: null }, avgPosition: { value: null, low: null, high: null } },
  ],
  competitors: [
    { name: 'Clínica Dental Sonrisa', isTarget: true, share: { value: 55.3, low: 46.2, high: 63.4 } },
    { name: 'Dentalia Madrid', isTarget: false, share: { value: 17, low: 12, high: 24 } },
  ],
};

describe('the AI visibility section of a keyword PDF', () => {
  it('writes a share with its interval the Spanish way', () => {
    expect(aiShareText({ value: 38.2, low: 29, high: 47.4 }).replace(/\s/g, ' ')).toBe('38 % (29–47 %)');
    expect(aiShareText({ value: null, low: null, high: null })).toBe('–');
  });

  it('draws the latest AI analysis on its own page: the figures with intervals, the businesses, the demo label', async () => {
    const report: Report = { ...(buildKeywordScopeReport()), ai: AI };
    const pages = await textOf(await renderReportPdf(report, { logoPng: null }));
    const last = pages.at(-1)!;
    expect(has(last, 'Visibilidad en IA')).toBe(true);
    expect(has(last, '5 × 5 puntos, 3 muestras por punto')).toBe(true);
    expect(has(last, 'Datos de demostración')).toBe(true);
    for (const figure of ['55 % (46–63 %)', '86 % (74–93 %)', '1,7 (1,5–2)', '72 % (60–81 %)']) expect(has(last.replace(/\u00a0/g, ' '), figure), figure).toBe(true);
    expect(has(last, 'Google AI Overviews')).toBe(true);
    expect(has(last, 'Clínica Dental Sonrisa (tu negocio)')).toBe(true);
    expect(has(last, 'Dentalia Madrid')).toBe(true);
  });

  it('adds no page when the keyword has no AI analysis', async () => {
    const without = await textOf(await renderReportPdf(buildKeywordScopeReport(), { logoPng: null }));
    const withNull = await textOf(await renderReportPdf({ ...(buildKeywordScopeReport()), ai: null }, { logoPng: null }));
    expect(withNull).toHaveLength(without.length);
    expect(withNull.join('\n')).not.toContain('Visibilidad en IA');
  });
});
