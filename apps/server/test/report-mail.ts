import { randomUUID } from 'node:crypto';
import type { Report } from '@rankmaps/shared/schemas/report';
import type { ReportSendDeps } from '../src/modules/report-mail/report-send.service';
import { RANKMAPS_BRAND } from '../src/modules/reports/report-brand';

// Doubles of the report pieces the report-email job uses (the builder, the PDF renderer, share
// links), so a test of the sending decides what each does: a PDF that fails, then works.

/** A small place report as the builder makes one: two keywords in its summary. */
export function placeReportDouble(business = 'Clínica Sonrisa'): Report {
  return {
    scope: 'place',
    brand: RANKMAPS_BRAND,
    place: { name: business, address: 'Calle Larios 5, Málaga', market: { countryCode: 'ES', languageCode: 'es' } },
    generatedAt: new Date().toISOString(),
    summary: [
      { keyword: 'dentista', date: new Date().toISOString(), geoRank: 54.2, geoRankDelta: 3, avgTotalPosition: 6.1, localPackPercentage: 40, foundPercentage: 90 },
      { keyword: 'implantes dentales', date: null, geoRank: null, geoRankDelta: null, avgTotalPosition: null, localPackPercentage: null, foundPercentage: null },
    ],
    keywords: [],
  };
}

/** A minimal well-formed PDF: what a renderer returns, as far as the e-mail is concerned. */
export const PDF_DOUBLE = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');

export interface ReportDepsDouble extends ReportSendDeps {
  /** PDF renders attempted. */
  renders: number;
  /** Share links created, with what they were created for. */
  links: { id: string; ownerId: string; placeId: string; expiresInDays: number }[];
  /** Makes the next `n` renders throw. */
  failRenders(n: number): void;
}

export function reportDepsDouble(business?: string): ReportDepsDouble {
  let failing = 0;
  const double: ReportDepsDouble = {
    renders: 0,
    links: [],
    failRenders(n) {
      failing = n;
    },
    async buildPlaceReport() {
      return placeReportDouble(business);
    },
    async renderPdf() {
      double.renders++;
      if (failing > 0) {
        failing--;
        throw new Error('El PDF no se pudo generar (prueba)');
      }
      return PDF_DOUBLE;
    },
    async assetsFor() {
      return { logoPng: null, clientLogoPng: null };
    },
    async createShareLink(_container, _tx, input) {
      const link = { id: randomUUID(), ...input };
      double.links.push(link);
      return { id: link.id, url: `http://localhost:3000/informe/prueba-${link.id}` };
    },
  };
  return double;
}
