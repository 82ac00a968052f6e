import { hashString, isoWeek, mixInts, unit } from './demo-random';

// What the demo simulation changes over time in a business's listing (docs/decisions.md §32.3):
// its review count grows at its own pace, and now and then Google shows a different primary
// category for a week, as when it applies a user's suggestion. All of it from the business's
// seed and the search's instant: same inputs, same listing.

/** The day the catalogue's review counts are as listed: before it they are lower, after it higher. */
export const DEMO_REVIEWS_EPOCH = Date.UTC(2026, 0, 1);
const MONTH_MS = (365.25 / 12) * 86_400_000;

/**
 * Reviews a month of a business: (1 + reviews / 40) × a factor from 0,4 to 1,6 drawn from its
 * seed, so a clinic with 200 reviews gains from 2,4 to 9,6 a month and one with 20 from 0,6 to
 * 2,4: the established ones gain faster, and competitors of one size differ.
 */
export function demoReviewsPerMonth(seed: number, baseReviews: number): number {
  return (1 + baseReviews / 40) * (0.4 + 1.2 * unit(mixInts(seed, 0x7e71)));
}

/** The review count Google shows at `now`: the base one plus its pace since DEMO_REVIEWS_EPOCH, never below 0. */
export function demoReviewsAt(seed: number, baseReviews: number, now: Date): number {
  if (baseReviews === 0) return 0;
  const months = (now.getTime() - DEMO_REVIEWS_EPOCH) / MONTH_MS;
  return Math.max(0, Math.round(baseReviews + demoReviewsPerMonth(seed, baseReviews) * months));
}

/** Every business shows its edited category one ISO week in DEMO_EDIT_EVERY_WEEKS, in turn by its seed. */
export const DEMO_EDIT_EVERY_WEEKS = 6;

/** The category Google might put instead of each demo category (a user's suggestion it applied). */
const EDITED_CATEGORY: Record<string, string> = {
  'Clínica dental': 'Dentista',
  Fontanero: 'Servicio de desatascos',
  Cerrajero: 'Servicio de cerrajería 24 horas',
  Restaurante: 'Bar de tapas',
  Peluquería: 'Barbería',
  Abogado: 'Asesoría',
  Gimnasio: 'Centro deportivo',
  Fisioterapeuta: 'Centro de rehabilitación',
  Veterinario: 'Tienda de animales',
  Inmobiliaria: 'Agencia de alquiler',
};

/** The category Google shows in the simulated edit, or undefined for a category with none. */
export const editedCategory = (category: string): string | undefined => EDITED_CATEGORY[category];

/** Whether the business shows its edited category in the week of `now`. */
export function demoEditWeek(seed: number, now: Date): boolean {
  const week = isoWeek(now);
  const n = Number(week.slice(0, 4)) * 53 + Number(week.slice(6));
  return (n + (seed % DEMO_EDIT_EVERY_WEEKS)) % DEMO_EDIT_EVERY_WEEKS === 0;
}

/** The primary category Google shows at `now`: the edited one in the business's edit week. */
export function demoCategoryAt(seed: number, category: string, now: Date): string {
  return demoEditWeek(seed, now) ? (editedCategory(category) ?? category) : category;
}

export { hashString };

/** The other category of a simulated edit: the edited one for an original, the original for an edited one. */
export function demoEditCounterpart(category: string): string | undefined {
  return editedCategory(category) ?? Object.entries(EDITED_CATEGORY).find(([, edited]) => edited === category)?.[0];
}
