import type { AnalyzeResponse } from '@rankmaps/shared/schemas/rankmaps';
import type { Report } from '@rankmaps/shared/schemas/report';
import sharp from 'sharp';
import { extractText, getDocumentProxy } from 'unpdf';
import { beforeAll, describe, expect, it } from 'vitest';
import { GEO_TEST_DATA_DIR } from '../../../test/geo-data-dir';
import { multipartBody } from '../../../test/multipart';
import { MALAGA, rankmapFixtures } from '../../../test/rankmap-fixtures';
import { createTestApp } from '../../../test/test-app';
import { formatNumber } from './pdf/format';
import { NOT_COMPLETED_FOR_REPORT } from './report-section.service';

// The PDF downloads of the owner's reports (docs/reports.md, "PDF"): the built report drawn by
// the real renderer, read back with a PDF text extractor.

type Headers = Record<string, string>;

async function pdfText(body: Buffer): Promise<string> {
  const doc = await getDocumentProxy(new Uint8Array(body));
  const { text } = await extractText(doc, { mergePages: true });
  return text;
}

describe('client reports: the PDF downloads (API)', async () => {
  const { app, container } = await createTestApp({ DATA_DIR: GEO_TEST_DATA_DIR });
  beforeAll(() => container.seaIndex.ready(), 300_000);
  const { withKeyword, addKeyword, analyze, scannedRankMap } = rankmapFixtures(app, container);
  const get = (headers: Headers, url: string) => app.inject({ method: 'GET', url, headers });


  it('when the owner downloads an analysis, a keyword and a place as PDF, then each is a PDF named for the business with its keyword and figures in it', { timeout: 180_000 }, async () => {
    const { headers, placeId, keywordId } = await withKeyword('pro_starter', 'demo-malaga-dentista-1', MALAGA);
    await scannedRankMap(headers, keywordId, 'dentista');
    const rankMapId = await scannedRankMap(headers, keywordId, 'clínica dental');
    await addKeyword(headers, placeId, 'ortodoncia invisible');
    const json = (await get(headers, `/api/reports/analysis/${rankMapId}`)).json<Report>();
    if (json.scope !== 'analysis') throw new Error(json.scope);

    const res = await get(headers, `/api/reports/analysis/${rankMapId}/pdf`);
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="informe-[a-z0-9-]+-dentista-\d{4}-\d{2}-\d{2}\.pdf"$/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(res.rawPayload);
    expect(text).toContain(json.place.name);
    expect(text).toContain('dentista');
    const geoRank = json.analysis.metrics.find((m) => m.key === 'geoRank')!;
    expect(text).toContain(formatNumber(geoRank.current!));
    expect(text).toContain('Datos de demostración');
    expect(text).toContain('RankMaps');

    const keywordPdf = await get(headers, `/api/reports/keyword/${keywordId}/pdf`);
    expect(keywordPdf.statusCode).toBe(200);
    expect(await pdfText(keywordPdf.rawPayload)).toContain('dentista');

    const placePdf = await get(headers, `/api/reports/place/${placeId}/pdf`);
    expect(placePdf.statusCode).toBe(200);
    expect(placePdf.headers['content-disposition']).toMatch(/filename="informe-[a-z0-9-]+-\d{4}-\d{2}-\d{2}\.pdf"/);
    const placeText = await pdfText(placePdf.rawPayload);
    expect(placeText).toContain('dentista');
    expect(placeText).toContain('ortodoncia invisible');
  });

  it('when the owner has white-label, then the PDF is signed with the agency', { timeout: 180_000 }, async () => {
    const { headers, keywordId } = await withKeyword('pro_agency', 'demo-malaga-dentista-1', MALAGA);
    const saved = await app.inject({
      method: 'PUT',
      url: '/api/report-brand',
      headers,
      payload: { name: 'Agencia Faro Digital', accent: '#0f766e', contact: 'hola@faro.example', footer: 'Informe confidencial', hidePoweredBy: false },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const rankMapId = await scannedRankMap(headers, keywordId, 'dentista');
    const text = await pdfText((await get(headers, `/api/reports/analysis/${rankMapId}/pdf`)).rawPayload);
    expect(text).toContain('Agencia Faro Digital');
    expect(text).toContain('hola@faro.example');
    expect(text).toContain('Informe confidencial');
    expect(text).toContain('Hecho con RankMaps');
    expect(text).not.toContain('Informe para');
  });

  it('when the place is grouped under a client with a logo, then the JSON and the PDF say «Informe para …» with its logo beside the agency’s', { timeout: 180_000 }, async () => {
    const { headers, placeId, keywordId } = await withKeyword('pro_agency', 'demo-malaga-dentista-1', MALAGA);
    const png = (background: string) => sharp({ create: { width: 300, height: 100, channels: 3, background } }).png().toBuffer();
    const uploadLogo = async (url: string, data: Buffer) => {
      const form = multipartBody([{ name: 'logo', filename: 'logo.png', data, contentType: 'image/png' }]);
      const res = await app.inject({ method: 'POST', url, headers: { ...headers, ...form.headers }, payload: form.payload });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ logoUrl: string }>().logoUrl;
    };
    const brand = await app.inject({ method: 'PUT', url: '/api/report-brand', headers, payload: { name: 'Agencia Faro Digital', accent: '#0f766e', contact: null, footer: null, hidePoweredBy: false } });
    expect(brand.statusCode, brand.body).toBe(200);
    await uploadLogo('/api/report-brand/logo', await png('#0f766e'));
    const client = (await app.inject({ method: 'POST', url: '/api/clients', headers, payload: { name: 'Grupo Dental Sur' } })).json<{ id: string }>();
    expect((await app.inject({ method: 'PUT', url: `/api/place/${placeId}/client`, headers, payload: { clientId: client.id } })).statusCode).toBe(200);
    const rankMapId = await scannedRankMap(headers, keywordId, 'dentista');
    const imagesIn = (pdf: Buffer) => pdf.toString('latin1').match(/\/Subtype \/Image/g)?.length ?? 0;

    // The name alone first: the agency's logo is the PDF's only image.
    const nameOnly = await get(headers, `/api/reports/analysis/${rankMapId}/pdf`);
    expect(await pdfText(nameOnly.rawPayload)).toContain('Informe para Grupo Dental Sur');
    expect(imagesIn(nameOnly.rawPayload)).toBe(1);

    const logoUrl = await uploadLogo(`/api/clients/${client.id}/logo`, await png('#b91c1c'));
    for (const url of [`/api/reports/analysis/${rankMapId}`, `/api/reports/keyword/${keywordId}`, `/api/reports/place/${placeId}`]) {
      const json = (await get(headers, url)).json<Report>();
      expect(json.client, url).toEqual({ name: 'Grupo Dental Sur', logoUrl });
      const pdf = await get(headers, `${url}/pdf`);
      expect(pdf.statusCode, url).toBe(200);
      const text = await pdfText(pdf.rawPayload);
      expect(text, url).toContain('Informe para Grupo Dental Sur');
      expect(text, url).toContain('Agencia Faro Digital');
      // The agency's logo and the client's, each embedded once.
      expect(imagesIn(pdf.rawPayload), url).toBe(2);
    }
  });

  it('when another user asks for the PDF, or the analysis is not completed, then the report’s own refusals in Spanish and no PDF', { timeout: 180_000 }, async () => {
    const owner = await withKeyword('pro_starter', 'demo-malaga-dentista-1', MALAGA);
    const rankMapId = await scannedRankMap(owner.headers, owner.keywordId, 'dentista');
    const stranger = await withKeyword('pro_starter', 'demo-malaga-dentista-1', MALAGA);
    const cases = [
      [`/api/reports/analysis/${rankMapId}/pdf`, 'Análisis no encontrado.'],
      [`/api/reports/keyword/${owner.keywordId}/pdf`, 'Keyword no encontrada.'],
      [`/api/reports/place/${owner.placeId}/pdf`, 'Lugar no encontrado.'],
    ] as const;
    for (const [url, message] of cases) {
      const res = await get(stranger.headers, url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.json<{ error: string }>().error).toBe(message);
    }
    const pending = await analyze(owner.headers, owner.keywordId, { query: 'dentista urgencias', maxResults: 20 });
    const res = await get(owner.headers, `/api/reports/analysis/${pending.json<AnalyzeResponse>().rankMapId}/pdf`);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ error: string }>().error).toBe(NOT_COMPLETED_FOR_REPORT);
  });
});
