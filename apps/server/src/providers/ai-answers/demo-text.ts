import type { AiEngineId } from './interface';

// The Spanish the demo engine writes (docs/decisions.md §31.2): each engine in its own voice,
// naming every business it lists by its exact name, as the real answers do. Pure functions of
// what they are given; the variant of a sentence is picked by the caller's seeded draw.

/** One business as the demo answer describes it. */
export interface DescribedBusiness {
  name: string;
  address: string;
  rating: number | null;
  reviews: number;
}

const decimal = new Intl.NumberFormat('es-ES', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const count = new Intl.NumberFormat('es-ES');

/** «4,7 sobre 5 (312 reseñas)», or «todavía sin reseñas». */
function ratingText(b: DescribedBusiness): string {
  if (b.rating === null || b.reviews === 0) return 'todavía sin reseñas';
  return `${decimal.format(b.rating)} sobre 5 (${count.format(b.reviews)} ${b.reviews === 1 ? 'reseña' : 'reseñas'})`;
}

/** «A», «A y B», «A, B y C»; «e» before a word that sounds /i/ («García e Hijos»), as Spanish asks. */
export function joinNames(names: string[]): string {
  if (names.length <= 1) return names[0] ?? '';
  const last = names[names.length - 1]!;
  const conjunction = /^h?i(?![aeiouáéíóú])/i.test(last) ? 'e' : 'y';
  return `${names.slice(0, -1).join(', ')} ${conjunction} ${last}`;
}

const pick = <T>(list: readonly T[], draw: number): T => list[Math.floor(draw * list.length) % list.length]!;

const AI_MODE_OPENINGS = [
  (q: string, place: string) => `Para «${q}» ${place} hay varias opciones con buenas opiniones. Estas son las que más se recomiendan:`,
  (q: string, place: string) => `Si buscas «${q}» ${place}, estas son algunas de las opciones mejor valoradas:`,
  (q: string, place: string) => `Estas son algunas opciones para «${q}» ${place}, según las reseñas y la información disponible:`,
];
const AI_MODE_CLOSINGS = [
  'Antes de decidir, conviene comparar las reseñas más recientes y confirmar el horario por teléfono.',
  'Te recomiendo revisar las opiniones recientes y pedir presupuesto o cita a más de una.',
  'La disponibilidad cambia a menudo, así que es buena idea llamar antes de ir.',
];
const OVERVIEW_CLOSINGS = [
  'Conviene comparar opiniones y horarios antes de elegir.',
  'Las reseñas recientes ayudan a elegir entre ellas.',
  'Muchas ofrecen cita en el mismo día; merece la pena llamar.',
];
const CHATGPT_CLOSINGS = [
  'Te recomiendo consultar las opiniones recientes y confirmar horarios antes de ir.',
  'Si me dices en qué barrio estás, puedo afinar más la recomendación.',
  '¿Quieres que te ayude a comparar precios o disponibilidad entre ellas?',
];
const NOTHING = [
  (q: string, place: string) => `Para «${q}» ${place} no tengo información suficiente para recomendar un negocio en concreto. Lo mejor es comparar las opiniones de Google Maps y confirmar precios y disponibilidad por teléfono.`,
  (q: string, place: string) => `No he encontrado recomendaciones fiables de «${q}» ${place}. Antes de elegir, conviene comparar opiniones recientes, precios y horarios.`,
];

/** «en Málaga», or «cerca de tu ubicación» when the point is in no demo city. */
export const placePhrase = (town: string | null): string => (town ? `en ${town}` : 'cerca de tu ubicación');

/** The answer's text for the businesses listed (in order); `draws` are seeded numbers in [0, 1). */
export function answerText(engine: AiEngineId, query: string, town: string | null, listed: DescribedBusiness[], draws: [number, number]): string {
  const place = placePhrase(town);
  if (listed.length === 0) return pick(NOTHING, draws[0])(query, place);
  const names = listed.map((b) => b.name);
  switch (engine) {
    case 'google-ai-mode': {
      const lines = listed.map((b, i) => `${i + 1}. **${b.name}**: ${ratingText(b)}. ${b.address}.`);
      return [pick(AI_MODE_OPENINGS, draws[0])(query, place), '', ...lines, '', pick(AI_MODE_CLOSINGS, draws[1])].join('\n');
    }
    case 'google-ai-overview':
      return `Para «${query}» ${place} destacan ${joinNames(names)}, con buenas valoraciones en Google. ${pick(OVERVIEW_CLOSINGS, draws[1])}`;
    case 'chatgpt': {
      const lines = listed.map((b) => `- **${b.name}**: ${ratingText(b)}.`);
      return [`Aquí tienes algunas opciones de «${query}» ${place}:`, '', ...lines, '', pick(CHATGPT_CLOSINGS, draws[1])].join('\n');
    }
    case 'gemini-maps': {
      const lines = listed.map((b) => `* **${b.name}**: ${b.address}. Valoración: ${ratingText(b)}.`);
      return [`He encontrado estos sitios para «${query}» cerca de ti:`, '', ...lines].join('\n');
    }
  }
}
