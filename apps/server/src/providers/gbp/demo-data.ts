import type { DailyMetric } from './interface';

// The synthetic businesses of the demo connection: two plausible Spanish businesses with
// daily figures shaped like real ones (a weekly rhythm, a slow drift, day-to-day noise) and
// monthly search keywords, some too rare for Google to disclose (threshold only).

export const DEMO_ACCOUNT = { name: 'accounts/demo-100', accountName: 'Cuenta de demostración (datos sintéticos)' };
export const DEMO_ACCOUNT_EMAIL = 'demo.gbp@rankmaps.es';

interface DemoLocation {
  name: string;
  title: string;
  storefrontAddress: string;
  /** Average daily count of each metric. */
  base: Record<DailyMetric, number>;
  /** Multiplier by day of the week, Sunday first (Date#getUTCDay). */
  week: readonly [number, number, number, number, number, number, number];
  /** Monthly unique searchers by keyword (before the month's own variation). */
  keywords: readonly (readonly [string, number])[];
}

export const DEMO_LOCATIONS: readonly DemoLocation[] = [
  {
    name: 'locations/demo-1001',
    title: 'Clínica Dental Sonrisas Larios',
    storefrontAddress: 'Calle Marqués de Larios, 4, 29005 Málaga',
    base: {
      BUSINESS_IMPRESSIONS_DESKTOP_MAPS: 16,
      BUSINESS_IMPRESSIONS_DESKTOP_SEARCH: 34,
      BUSINESS_IMPRESSIONS_MOBILE_MAPS: 58,
      BUSINESS_IMPRESSIONS_MOBILE_SEARCH: 81,
      CALL_CLICKS: 4,
      WEBSITE_CLICKS: 6,
      BUSINESS_DIRECTION_REQUESTS: 3,
    },
    // A clinic: busiest at the start of the week, quiet at the weekend.
    week: [0.45, 1.2, 1.12, 1.05, 1.0, 0.92, 0.62],
    keywords: [
      ['dentista málaga', 430],
      ['clínica dental málaga', 310],
      ['dentista cerca de mí', 255],
      ['ortodoncia invisible málaga', 140],
      ['implantes dentales málaga', 96],
      ['clínica dental larios', 61],
      ['urgencias dentales málaga', 38],
      ['blanqueamiento dental málaga', 24],
      ['dentista centro málaga', 17],
      ['limpieza dental precio', 9],
      ['endodoncia málaga', 6],
    ],
  },
  {
    name: 'locations/demo-1002',
    title: 'Panadería Artesana La Espiga',
    storefrontAddress: 'Calle de Fuencarral, 88, 28004 Madrid',
    base: {
      BUSINESS_IMPRESSIONS_DESKTOP_MAPS: 24,
      BUSINESS_IMPRESSIONS_DESKTOP_SEARCH: 21,
      BUSINESS_IMPRESSIONS_MOBILE_MAPS: 118,
      BUSINESS_IMPRESSIONS_MOBILE_SEARCH: 64,
      CALL_CLICKS: 2,
      WEBSITE_CLICKS: 3,
      BUSINESS_DIRECTION_REQUESTS: 11,
    },
    // A bakery: the weekend is its best time.
    week: [1.3, 0.85, 0.88, 0.9, 0.95, 1.05, 1.35],
    keywords: [
      ['panadería cerca de mí', 520],
      ['panadería malasaña', 205],
      ['pan de masa madre madrid', 150],
      ['la espiga fuencarral', 88],
      ['roscón de reyes madrid', 47],
      ['croissant madrid', 29],
      ['panadería artesana madrid', 19],
      ['pan sin gluten madrid', 11],
      ['empanada gallega madrid', 7],
    ],
  },
];

/** Google hides a keyword's count below this and sends only the threshold. */
export const DEMO_KEYWORD_THRESHOLD = 15;

/** A stable number in [0, 1) for a text (FNV-1a), so the same day always gets the same figure. */
export function unitHash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h / 0x100000000;
}

const DAY_MS = 86_400_000;

/** The demo's figure for one metric on one day: base × weekday × slow drift × noise (±25%). */
export function demoDailyValue(location: DemoLocation, metric: DailyMetric, day: string): number {
  const t = Date.parse(`${day}T00:00:00Z`);
  const weekday = new Date(t).getUTCDay();
  const dayIndex = Math.floor(t / DAY_MS);
  const drift = 1 + 0.12 * Math.sin(dayIndex / 23) + 0.05 * Math.sin(dayIndex / 7.3);
  const noise = 0.75 + 0.5 * unitHash(`${location.name}|${metric}|${day}`);
  return Math.max(0, Math.round(location.base[metric] * location.week[weekday]! * drift * noise));
}

/** The demo's monthly count for a keyword: its base with a ±20% variation by month. */
export function demoKeywordValue(location: DemoLocation, keyword: string, base: number, month: string): number {
  return Math.round(base * (0.8 + 0.4 * unitHash(`${location.name}|${keyword}|${month}`)));
}
