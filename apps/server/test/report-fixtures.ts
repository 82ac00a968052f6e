import sharp from 'sharp';
import type { AnalysisReport, Report, ReportBrand, ReportDataLabel } from '@rankmaps/shared/schemas/report';
import { RANKMAPS_BRAND } from '../src/modules/reports/report-brand';
import { seededRandom } from '@rankmaps/shared/seeded-random';

// Hand-built report documents (packages/shared/src/schemas/report.ts) for the PDF, the share
// page and the e-mail tests and benchmarks: deterministic, no database, every field filled.

export const FIXTURE_BUSINESS = 'Clínica Dental Sonrisa Núñez';
export const FIXTURE_ADDRESS = 'Calle de Alcalá 123, 28009 Madrid';
export const FIXTURE_TIME_ZONE = 'Europe/Madrid';

/** An agency's brand (white-label) with the small «Hecho con RankMaps» line. */
export const AGENCY_BRAND: ReportBrand = {
  name: 'Agencia Peñalara Marketing',
  logoUrl: '/api/brand/logo.png',
  accent: '#0f766e',
  contact: 'hola@penalara.example · +34 910 000 000',
  footer: 'Informe preparado para nuestros clientes «Premium» – confidencial',
  poweredBy: true,
  whiteLabel: true,
};

/** A small PNG logo (a teal square with a white disc), re-encoded by sharp like uploaded logos. */
export async function makeLogoPng(size = 64): Promise<Buffer> {
  const disc = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}"><circle cx="${size / 2}" cy="${size / 2}" r="${size / 3}" fill="#ffffff"/></svg>`,
  );
  return sharp({ create: { width: size, height: size, channels: 4, background: '#0f766e' } })
    .composite([{ input: disc }])
    .png()
    .toBuffer();
}

const COMPETITOR_NAMES = [
  'Dentalia Retiro',
  'Clínica Dental Goya',
  'Vitaldent Alcalá',
  'Sanitas Dental Ibiza',
  'Dr. Muñoz Ortodoncia',
  'Centro Dental Niño Jesús',
  'Odontología Integral Narváez',
  'Clínica Dental O’Donnell',
  'Sonrisas Manuel Becerra',
  'Dental Company Menéndez Pelayo',
];

export interface AnalysisFixtureOptions {
  keyword?: string;
  query?: string | null;
  gridSize?: number;
  /** Completed analyses in the trend, the last one being this analysis. */
  trendPoints?: number;
  followedCount?: number;
  competitorCount?: number;
  adCount?: number;
  insightCount?: number;
  dataLabel?: ReportDataLabel;
  /** With a previous analysis (deltas, movement), the default. */
  withPrevious?: boolean;
  seed?: number;
  /** When the analysis completed. */
  date?: string;
}

/**
 * One analysis as the report shows it: by default a 25×25 grid of 5 km with a trend of 8
 * points, 3 followed competitors, 10 competitors, 3 ads and 5 insights. The metrics are fixed
 * figures (tests assert them as formatted): GeoRank 47,25 (+3,5), avg total position 9,84
 * (−1,2), Local Pack 38,4 % (+4,8), found 76 % (−2), visibility 51,33, avg position 6,21.
 */
export function buildAnalysisReport(opts: AnalysisFixtureOptions = {}): AnalysisReport {
  const size = opts.gridSize ?? 25;
  const rnd = seededRandom(opts.seed ?? 17);
  const half = Math.floor(size / 2);
  const center = { lat: 40.4237, lng: -3.6739 };
  const cells: AnalysisReport['cells'] = [];
  for (let row = 0; row < size; row++) {
    for (let col = 0; col < size; col++) {
      const distance = Math.hypot(row - half, col - half) / Math.max(1, half);
      const r = rnd();
      // Good near the centre, worse with distance; a few failed points and a corner at sea.
      const excluded = row + col <= 1;
      const failed = !excluded && r < 0.02;
      const raw = Math.round(1 + distance * 18 + (rnd() - 0.5) * 8);
      const position = excluded || failed || raw > 20 ? null : Math.max(1, raw);
      cells.push({
        row,
        col,
        lat: center.lat + (half - row) * 0.004,
        lng: center.lng + (col - half) * 0.005,
        position,
        status: excluded ? 'excluded' : failed ? 'failed' : 'ok',
      });
    }
  }
  const withPrevious = opts.withPrevious ?? true;
  const metric = (
    key: AnalysisReport['metrics'][number]['key'],
    better: 'higher' | 'lower',
    current: number,
    delta: number,
  ): AnalysisReport['metrics'][number] => ({
    key,
    better,
    current,
    reference: withPrevious ? Math.round((current - delta) * 100) / 100 : null,
    delta: withPrevious ? delta : null,
    trend: withPrevious ? (delta === 0 ? 'same' : delta > 0 === (better === 'higher') ? 'improved' : 'worsened') : null,
  });
  const trendCount = opts.trendPoints ?? 8;
  const followed = [
    { placeId: 'ChIJ-goya', name: 'Clínica Dental Goya' },
    { placeId: 'ChIJ-vitaldent', name: 'Vitaldent Alcalá' },
    { placeId: 'ChIJ-munoz', name: 'Dr. Muñoz Ortodoncia' },
    { placeId: 'ChIJ-sanitas', name: 'Sanitas Dental Ibiza' },
    { placeId: 'ChIJ-dentalia', name: 'Dentalia Retiro' },
  ].slice(0, opts.followedCount ?? 3);
  const end = Date.parse(opts.date ?? '2026-11-23T08:30:00.000Z');
  const week = 7 * 24 * 3600 * 1000;
  const points = Array.from({ length: trendCount }, (_, i) => {
    const date = new Date(end - (trendCount - 1 - i) * week).toISOString();
    const last = i === trendCount - 1;
    return {
      date,
      geoRank: last ? 47.25 : Math.round((30 + i * 2 + rnd() * 6) * 100) / 100,
      avgTotalPosition: last ? 9.84 : Math.round((13 - i * 0.4 + rnd()) * 100) / 100,
      competitors: followed.map((f, k) => ({ placeId: f.placeId, geoRank: Math.round((55 - k * 12 + (rnd() - 0.5) * 10) * 100) / 100 })),
    };
  });
  const competitorCount = opts.competitorCount ?? 10;
  const competitors: AnalysisReport['competitors'] = Array.from({ length: competitorCount }, (_, i) => {
    const ours = i === 2;
    return {
      name: ours ? FIXTURE_BUSINESS : COMPETITOR_NAMES[i % COMPETITOR_NAMES.length]!,
      rating: i === 7 ? null : Math.round((3.8 + rnd() * 1.2) * 10) / 10,
      userRatingCount: Math.round(20 + rnd() * 900),
      avgPosition: ours ? 6.21 : Math.round((2 + i * 1.3) * 100) / 100,
      avgTotalPosition: ours ? 9.84 : Math.round((4 + i * 1.5) * 100) / 100,
      localPackPercentage: ours ? 38.4 : Math.round((60 - i * 5) * 100) / 100,
      appearances: Math.round(size * size * (0.95 - i * 0.05)),
      geoRank: ours ? 47.25 : Math.round((70 - i * 6) * 100) / 100,
      isOurBusiness: ours,
    };
  });
  const ads: AnalysisReport['ads'] = Array.from({ length: opts.adCount ?? 3 }, (_, i) => ({
    name: ['Clínica Dental Goya', 'Implantes Madrid Centro', FIXTURE_BUSINESS, 'Ortodoncia Invisible Express'][i % 4]!,
    share: Math.round((42.5 - i * 11.3) * 100) / 100,
    appearances: Math.round(size * size * (0.425 - i * 0.113)),
    isOurBusiness: i === 2,
  }));
  // The five rules of docs/metrics.md §11, changes first (the texts are this fixture's own).
  const insightTexts: AnalysisReport['insights'] = [
    {
      rule: 'changes',
      text: 'Desde el último análisis, mejoras en 212 puntos y empeoras en 97.',
      figures: { improved: 212, worsened: 97 },
    },
    {
      rule: 'strong-weak-sector',
      text: 'Tu negocio es más fuerte al norte (78,5 % en el Local Pack) que al sureste (12,5 %).',
      figures: { strongSector: 'norte', strongShare: 78.5, weakSector: 'sureste', weakShare: 12.5 },
    },
    {
      rule: 'distance-rings',
      text: 'Cerca de tu negocio estás en el Local Pack en el 81,25 % de los puntos; lejos, en el 9,4 %.',
      figures: { nearShare: 81.25, farShare: 9.4 },
    },
    {
      rule: 'distance-decay',
      text: 'Tu posición cae unos 2,4 puestos por cada kilómetro desde tu negocio.',
      figures: { placesPerKm: 2.4 },
    },
    {
      rule: 'zone-leader',
      text: 'Clínica Dental Goya lidera el oeste: es el primer resultado en 41 de 96 puntos.',
      figures: { name: 'Clínica Dental Goya', sector: 'oeste', points: 41, sectorPoints: 96 },
    },
  ];
  return {
    keyword: opts.keyword ?? 'dentista urgencias',
    query: opts.query === undefined ? 'dentista de urgencias cerca de mí' : opts.query,
    date: new Date(end).toISOString(),
    timeZone: FIXTURE_TIME_ZONE,
    grid: { gridSize: size, radius: 5000, center, totalPoints: size * size },
    dataLabel: opts.dataLabel === undefined ? 'demo' : opts.dataLabel,
    metrics: [
      metric('geoRank', 'higher', 47.25, 3.5),
      metric('avgPosition', 'lower', 6.21, 0),
      metric('avgTotalPosition', 'lower', 9.84, -1.2),
      metric('localPackPercentage', 'higher', 38.4, 4.8),
      metric('foundPercentage', 'higher', 76, -2),
      metric('visibilityIndex', 'higher', 51.33, 0.75),
    ],
    previousDate: withPrevious ? new Date(end - week).toISOString() : null,
    cells,
    movement: withPrevious ? { improved: 212, worsened: 97, same: 240, newlyFound: 18, lost: 11, notComparable: 15 } : null,
    trend: { points, followed },
    competitors,
    ads,
    insights: insightTexts.slice(0, opts.insightCount ?? 5),
  };
}

const base = (brand: ReportBrand) => ({
  brand,
  place: { name: FIXTURE_BUSINESS, address: FIXTURE_ADDRESS, market: { countryCode: 'ES', languageCode: 'es' } },
  generatedAt: '2026-11-23T09:00:00.000Z',
});

/** A report of one analysis (the 25×25 default of buildAnalysisReport). */
export function buildAnalysisScopeReport(opts: AnalysisFixtureOptions & { brand?: ReportBrand } = {}): Report {
  return { ...base(opts.brand ?? RANKMAPS_BRAND), scope: 'analysis', analysis: buildAnalysisReport(opts) };
}

/** A keyword's report: its history (one row per trend point) and its latest analysis. */
export function buildKeywordScopeReport(opts: AnalysisFixtureOptions & { brand?: ReportBrand } = {}): Extract<Report, { scope: 'keyword' }> {
  const latest = buildAnalysisReport(opts);
  return {
    ...base(opts.brand ?? RANKMAPS_BRAND),
    scope: 'keyword',
    keyword: latest.keyword,
    latest,
    history: latest.trend.points.map((p, i) => ({
      date: p.date,
      geoRank: p.geoRank,
      avgTotalPosition: p.avgTotalPosition,
      localPackPercentage: i === latest.trend.points.length - 1 ? 38.4 : Math.round((20 + i * 2.5) * 100) / 100,
      dataLabel: latest.dataLabel,
    })),
  };
}

export const PLACE_KEYWORDS = [
  'dentista urgencias',
  'clínica dental',
  'ortodoncia invisible',
  'implantes dentales',
  'blanqueamiento dental',
  'dentista infantil',
  'endodoncia',
  'periodoncia',
  'carillas dentales',
  'dentista 24 horas',
];

/** A place's report of `keywordCount` keywords (at most 10), each a 25×25 analysis by default. */
export function buildPlaceScopeReport(opts: AnalysisFixtureOptions & { brand?: ReportBrand; keywordCount?: number } = {}): Report {
  const keywords = PLACE_KEYWORDS.slice(0, opts.keywordCount ?? 3).map((keyword, i) =>
    buildAnalysisReport({ ...opts, keyword, query: null, seed: 100 + i }),
  );
  return {
    ...base(opts.brand ?? RANKMAPS_BRAND),
    scope: 'place',
    summary: keywords.map((k, i) => ({
      keyword: k.keyword,
      date: k.date,
      geoRank: k.metrics.find((m) => m.key === 'geoRank')!.current,
      geoRankDelta: i === 1 ? -2.25 : (k.metrics.find((m) => m.key === 'geoRank')!.delta ?? null),
      avgTotalPosition: k.metrics.find((m) => m.key === 'avgTotalPosition')!.current,
      localPackPercentage: k.metrics.find((m) => m.key === 'localPackPercentage')!.current,
      foundPercentage: k.metrics.find((m) => m.key === 'foundPercentage')!.current,
    })),
    keywords,
  };
}
