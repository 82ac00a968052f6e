import type { AiCreatedResponse } from '@rankmaps/shared/schemas/ai-visibility';
import type { Report } from '@rankmaps/shared/schemas/report';
import { extractText, getDocumentProxy } from 'unpdf';
import { beforeAll, describe, expect, it } from 'vitest';
import { fastAiScanDeps, scriptedAiEngines } from '../../../test/ai-doubles';
import { GEO_TEST_DATA_DIR } from '../../../test/geo-data-dir';
import { MADRID, rankmapFixtures } from '../../../test/rankmap-fixtures';
import { createTestApp } from '../../../test/test-app';
import { runAiScan } from '../ai-visibility/scan/ai-scan.service';
import { aiLines, reportEmail } from '../report-mail/report-mail-templates';

// A keyword's report carries its latest completed AI-visibility analysis
// (docs/decisions.md §31.10): in the JSON the share page renders, and in the PDF, read back.

describe('the AI section of a keyword report', async () => {
  const { app, container } = await createTestApp({ DATA_DIR: GEO_TEST_DATA_DIR });
  beforeAll(() => container.seaIndex.ready(), 300_000);
  const { withKeyword, scannedRankMap } = rankmapFixtures(app, container);
  type KeywordReport = Extract<Report, { scope: 'keyword' }>;

  it('is null before any AI analysis, then shows the latest completed one with its intervals, in the JSON and the PDF', async () => {
    const { headers, keywordId } = await withKeyword('pro_starter', 'demo-madrid-dentista-3', MADRID);
    const report = async () => {
      const res = await app.inject({ method: 'GET', url: `/api/reports/keyword/${keywordId}`, headers });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<KeywordReport>();
    };
    expect((await report()).ai).toBeNull();

    const res = await app.inject({ method: 'POST', url: `/api/ai-visibility/keyword/${keywordId}/scan`, headers, payload: { engines: ['google-ai-mode'], gridSize: 3, samples: 2 } });
    expect(res.statusCode, res.body).toBe(201);
    const { id } = res.json<AiCreatedResponse>();
    // Still running: the report does not show it yet.
    expect((await report()).ai).toBeNull();
    // Every answer names the business: a share of 100 %, with a lower bound below it.
    expect(await runAiScan(fastAiScanDeps(container, scriptedAiEngines({ names: () => true }).catalogue), id)).toBe('completed');

    const { ai } = await report();
    expect(ai).toMatchObject({ gridSize: 3, samples: 2, demo: false });
    expect(ai!.overall.shareOfVoice.value).toBe(100);
    expect(ai!.overall.shareOfVoice.high).toBe(100);
    expect(ai!.overall.shareOfVoice.low).toBeLessThan(100);
    expect(ai!.engines.map((e) => e.label)).toEqual(['Google AI Mode']);
    expect(ai!.competitors.some((c) => c.isTarget)).toBe(true);
    expect(ai!.competitors.length).toBeLessThanOrEqual(11);

    const pdf = await app.inject({ method: 'GET', url: `/api/reports/keyword/${keywordId}/pdf`, headers });
    expect(pdf.statusCode).toBe(200);
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf.rawPayload)), { mergePages: true });
    const flat = text.replace(/\s+/g, ' ');
    expect(flat).toContain('Visibilidad en IA');
    expect(flat).toContain('3 × 3 puntos, 2 muestras por punto');
    expect(flat).toMatch(/100 % \(\d{1,2}–100 %\)/);
  });

  it('says where the AI names the business, and carries the AI section in the analysis and place reports, their PDFs and the report e-mail', async () => {
    const { headers, placeId, keywordId } = await withKeyword('pro_starter', 'demo-madrid-dentista-1', MADRID);
    const rankMapId = await scannedRankMap(headers, keywordId);
    const res = await app.inject({ method: 'POST', url: `/api/ai-visibility/keyword/${keywordId}/scan`, headers, payload: { engines: ['google-ai-mode'], gridSize: 5, samples: 3 } });
    expect(res.statusCode, res.body).toBe(201);
    const { id } = res.json<AiCreatedResponse>();
    // Named in every answer north of the centre, in none south of it (docs/metrics.md §12 «Hallazgo»).
    expect(await runAiScan(fastAiScanDeps(container, scriptedAiEngines({ names: (r) => r.lat > MADRID.lat + 1e-5 }).catalogue), id)).toBe('completed');

    const keyword = (await app.inject({ method: 'GET', url: `/api/reports/keyword/${keywordId}`, headers })).json<KeywordReport>();
    const [finding, ...more] = keyword.ai!.findings!;
    expect(more).toEqual([]);
    expect(finding).toMatchObject({ rule: 'ai-halves', figures: { engine: 'google-ai-mode', strongHalf: 'norte', weakHalf: 'sur', weakNamed: 0 } });
    expect(finding!.text).toMatch(/^Google AI Mode te nombra en el norte pero no en el sur: en el norte, en (\d+) de \1 respuestas, 100\s%/);

    const analysis = (await app.inject({ method: 'GET', url: `/api/reports/analysis/${rankMapId}`, headers })).json<Extract<Report, { scope: 'analysis' }>>();
    expect(analysis.ai).toEqual(keyword.ai);
    const place = (await app.inject({ method: 'GET', url: `/api/reports/place/${placeId}`, headers })).json<Extract<Report, { scope: 'place' }>>();
    expect(place.ai).toEqual([{ keyword: 'dentista', ai: keyword.ai }]);

    const flat = async (url: string) => {
      const pdf = await app.inject({ method: 'GET', url, headers });
      expect(pdf.statusCode, url).toBe(200);
      return (await extractText(await getDocumentProxy(new Uint8Array(pdf.rawPayload)), { mergePages: true })).text.replace(/\s+/g, ' ');
    };
    const firstWords = finding!.text.replace(/\s+/g, ' ').slice(0, 60);
    const analysisPdf = await flat(`/api/reports/analysis/${rankMapId}/pdf`);
    expect(analysisPdf).toContain('Visibilidad en IA');
    expect(analysisPdf).toContain(firstWords);
    const placePdf = await flat(`/api/reports/place/${placeId}/pdf`);
    expect(placePdf).toContain('Visibilidad en IA: «dentista»');
    expect(placePdf).toContain(firstWords);

    // The report e-mail: the figures with their intervals, then the finding, in its paragraphs.
    const mail = reportEmail({ report: place, round: 'weekly', sharer: 'Ana', recipientName: null, shareUrl: 'https://app.test/r/x', unsubscribeUrl: 'https://app.test/u/x', pdfName: 'informe.pdf', appUrl: 'https://app.test' });
    expect(aiLines(place)).toEqual([expect.stringMatching(/^Visibilidad en IA de «dentista»: cuota de voz \d+\s% \(\d+–\d+\s%\), mencionado en \d+\s% \(\d+–\d+\s%\) de los puntos\.$/), finding!.text]);
    expect(mail.text).toContain(aiLines(place)[0]!);
    expect(mail.text).toContain(finding!.text);
    expect(mail.html).toContain('Visibilidad en IA de «dentista»');
  });
});
