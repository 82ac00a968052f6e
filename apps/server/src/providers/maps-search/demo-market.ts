import { FOREIGN_CITIES, demoCatalogue, normalise } from '../places/demo';
import { seededRandom } from '@rankmaps/shared/seeded-random';
import { hashString, mixInts, unit } from './demo-random';

// Who competes in the demo simulation: the demo places catalogue, plus synthetic businesses
// laid on a fixed lattice so that every point of a grid sees the same businesses at the same
// coordinates. Everything is a pure function of the query and the place on the map.

/** One business of the simulated market, with what the ranking needs. */
export interface MarketBusiness {
  id: string;
  name: string;
  address: string;
  /** Where it ranks from. Service-area businesses rank from a hidden point. */
  lat: number;
  lng: number;
  /** False for service-area businesses: the result carries no location, as in Google Maps. */
  showLocation: boolean;
  rating: number | null;
  reviews: number;
  category: string;
  /** 1 when its category is the one searched for, lower when only its name matches. */
  baseRelevance: number;
  /** Normalised name, for keyword matches. */
  nameKey: string;
  /** 0.275 to 1, from rating and review count. */
  prominence: number;
  /** Stable per business: drives its weekly and per-point variation. */
  seed: number;
}

interface DemoCategory {
  slug: string;
  label: string;
  /** Normalised stems: a query word starting with one (or containing a multi-word one) selects the category. */
  stems: string[];
  /** Synthetic businesses per 1.5 km cell in a city centre. */
  density: number;
  /** Name patterns: {L} a place word, {S} a surname, {N} a first name, {Q} the query. */
  names: string[];
}

// The categories of the demo places catalogue (same slugs), with the words people search.
const CATEGORIES: DemoCategory[] = [
  {
    slug: 'dentista', label: 'Clínica dental', stems: ['dentist', 'dental', 'odontolog', 'ortodonc', 'implante'], density: 7,
    names: ['Clínica Dental {L}', 'Clínica Dental {N} {S}', 'Centro Dental {S} & {S}', 'Dental {L}', 'Odontología {N} {S}', 'Clínica Dental {S} {S}'],
  },
  {
    slug: 'fontanero', label: 'Fontanero', stems: ['fontaner', 'plomer', 'desatasc'], density: 3,
    names: ['Fontanería {N} {S}', 'Fontaneros {L}', 'Reparaciones {N} {S}', 'Instalaciones {S} e Hijos', 'Fontanería Hermanos {S} {S}'],
  },
  {
    slug: 'cerrajero', label: 'Cerrajero', stems: ['cerrajer', 'llaves', 'apertura de puertas'], density: 3,
    names: ['Cerrajería {L}', 'Cerrajeros {S} {S}', 'Aperturas {L} 24 h', 'Cerrajería {N} {S}'],
  },
  {
    slug: 'restaurante', label: 'Restaurante', stems: ['restaurant', 'comida', 'comer', 'taberna', 'meson', 'arroceria', 'tapas', 'marisqueria'], density: 12,
    names: ['Restaurante {L}', 'Bar {N} {S}', 'Taberna {L}', 'Mesón {N} {S}', 'Casa {N} {S}', 'Arrocería {L}', 'Cervecería {L}', 'Restaurante {N} y {N}'],
  },
  {
    slug: 'peluqueria', label: 'Peluquería', stems: ['peluquer', 'barber', 'salon de belleza', 'corte de pelo', 'estilista'], density: 8,
    names: ['Peluquería {N} {S}', 'Barbería {L}', 'Salón de Belleza {N} {S}', 'Peluquería {N} y {N}', 'Estilistas {L}'],
  },
  {
    slug: 'abogado', label: 'Abogado', stems: ['abogad', 'bufete', 'juridic', 'letrado'], density: 5,
    names: ['{S} {S} Abogados', '{S} & {S} Abogados', 'Bufete {N} {S}', 'Despacho {N} {S}', 'Asesoría Jurídica {L}'],
  },
  {
    slug: 'gimnasio', label: 'Gimnasio', stems: ['gimnasio', 'gym', 'fitness', 'crossfit'], density: 4,
    names: ['Gimnasio {L}', 'Fitness {L}', 'Centro Deportivo {L}', 'Box {L}', 'Gimnasio {N} {S}'],
  },
  {
    slug: 'fisioterapeuta', label: 'Fisioterapeuta', stems: ['fisio', 'rehabilitacion', 'osteopat'], density: 5,
    names: ['Fisioterapia {S} {S}', 'Clínica de Fisioterapia {L}', 'Fisio {L}', 'Centro de Rehabilitación {N} {S}', 'Fisioterapia {N} {S}'],
  },
  {
    slug: 'veterinario', label: 'Veterinario', stems: ['veterinari'], density: 3,
    names: ['Clínica Veterinaria {L}', 'Hospital Veterinario {L}', 'Veterinaria {S} {S}', 'Centro Veterinario {N} {S}'],
  },
  {
    slug: 'inmobiliaria', label: 'Inmobiliaria', stems: ['inmobiliari', 'fincas', 'alquiler de pisos'], density: 6,
    names: ['Inmobiliaria {L}', 'Fincas {S} {S}', 'Gestión Inmobiliaria {L}', 'Inmobiliaria {N} {S}'],
  },
];

/** A query with no known category still gets a market of this density, named after the query. */
const GENERIC_DENSITY = 4;
const GENERIC_NAMES = ['{Q} {L}', '{Q} {S}', '{Q} {N} {S}'];

/** A city of the demo places catalogue: it names addresses and makes its centre denser. */
interface MarketCity {
  slug: string;
  name: string;
  lat: number;
  lng: number;
  cp: string;
  /** How its addresses end; Spain's when absent. */
  country?: string;
  /** Its postal codes, from a number 1..20; Spain's (cp and two digits) when absent. */
  postal?: (n: number) => string;
}

// The cities of the demo places catalogue, Spain's and the few abroad (docs/decisions.md §21.3).
const CITIES: readonly [MarketCity, ...MarketCity[]] = [
  { slug: 'madrid', name: 'Madrid', lat: 40.4168, lng: -3.7038, cp: '280' },
  { slug: 'barcelona', name: 'Barcelona', lat: 41.3874, lng: 2.1686, cp: '080' },
  { slug: 'valencia', name: 'Valencia', lat: 39.4699, lng: -0.3763, cp: '460' },
  { slug: 'sevilla', name: 'Sevilla', lat: 37.3891, lng: -5.9845, cp: '410' },
  { slug: 'malaga', name: 'Málaga', lat: 36.7213, lng: -4.4214, cp: '290' },
  { slug: 'bilbao', name: 'Bilbao', lat: 43.263, lng: -2.935, cp: '480' },
  { slug: 'zaragoza', name: 'Zaragoza', lat: 41.6488, lng: -0.8891, cp: '500' },
  { slug: 'alicante', name: 'Alicante', lat: 38.3452, lng: -0.481, cp: '030' },
  { slug: 'palma', name: 'Palma', lat: 39.5696, lng: 2.6502, cp: '070' },
  { slug: 'murcia', name: 'Murcia', lat: 37.9922, lng: -1.1307, cp: '300' },
  { slug: 'granada', name: 'Granada', lat: 37.1773, lng: -3.5986, cp: '180' },
  { slug: 'cadiz', name: 'Cádiz', lat: 36.5271, lng: -6.2886, cp: '110' },
  { slug: 'santander', name: 'Santander', lat: 43.4623, lng: -3.81, cp: '390' },
  { slug: 'a-coruna', name: 'A Coruña', lat: 43.3623, lng: -8.4115, cp: '150' },
  { slug: 'vigo', name: 'Vigo', lat: 42.2406, lng: -8.7207, cp: '362' },
  ...FOREIGN_CITIES.map(({ slug, name, lat, lng, country, postal }) => ({ slug, name, lat, lng, cp: '', country, postal })),
];
const countryOf = (city: MarketCity) => city.country ?? 'España';
const postalOf = (city: MarketCity, n: number) => city.postal?.(n) ?? `${city.cp}${String(n).padStart(2, '0')}`;

const PLACE_WORDS = [
  'San Rafael', 'Los Olivos', 'del Carmen', 'Mediterráneo', 'La Alameda', 'Nova', 'Plaza Mayor', 'El Sol', 'El Puerto', 'Santa Ana',
  'Victoria', 'Norte', 'Sur', 'Centro', 'Las Flores', 'La Fuente', 'San Antonio', 'La Estación', 'El Parque', 'Los Pinos',
  'Bahía', 'La Merced', 'San Miguel', 'Las Palmeras', 'El Faro', 'La Torre', 'Buenavista', 'El Olivar', 'Santa Cruz', 'La Paz',
  'Los Naranjos', 'El Mirador', 'La Ribera', 'San Isidro', 'El Prado', 'Las Acacias', 'La Cañada', 'El Molino', 'Santa Lucía', 'Los Almendros',
  'La Ermita', 'El Pilar', 'San José', 'La Loma', 'El Arenal', 'Las Cumbres', 'La Vega', 'El Encinar', 'Puerta Real', 'La Dehesa',
];
const SURNAMES = [
  'García', 'Fernández', 'González', 'Rodríguez', 'López', 'Martínez', 'Sánchez', 'Pérez', 'Gómez', 'Martín',
  'Jiménez', 'Ruiz', 'Hernández', 'Díaz', 'Moreno', 'Muñoz', 'Álvarez', 'Romero', 'Alonso', 'Gutiérrez',
  'Navarro', 'Torres', 'Domínguez', 'Vázquez', 'Ramos', 'Gil', 'Ramírez', 'Serrano', 'Blanco', 'Molina',
  'Morales', 'Suárez', 'Ortega', 'Delgado', 'Castro', 'Ortiz', 'Rubio', 'Marín', 'Sanz', 'Núñez',
];
const FIRST_NAMES = [
  'Antonio', 'Manuel', 'José', 'Francisco', 'David', 'Javier', 'Daniel', 'Carlos', 'Miguel', 'Rafael',
  'Pablo', 'Alejandro', 'Lucía', 'María', 'Carmen', 'Ana', 'Laura', 'Marta', 'Elena', 'Isabel',
  'Paula', 'Cristina', 'Sara', 'Raquel', 'Pilar', 'Rocío', 'Alba', 'Irene', 'Sergio', 'Álvaro',
];
const STREET_TYPES = ['Calle', 'Calle', 'Avenida', 'Plaza', 'Paseo'];
const STREET_NAMES = [
  'Mayor', 'del Sol', 'de la Constitución', 'San Juan', 'Real', 'de Andalucía', 'Nueva', 'del Mar', 'de la Iglesia', 'Cervantes',
  'Goya', 'Velázquez', 'de España', 'Santa María', 'del Pilar', 'Reyes Católicos', 'de la Libertad', 'Antonio Machado', 'Federico García Lorca', 'Colón',
];

/** Words that say nothing about what is searched. */
const STOPWORDS = new Set(['de', 'del', 'la', 'el', 'los', 'las', 'en', 'y', 'a', 'al', 'cerca', 'mi', 'para', 'con', 'un', 'una', 'por', 'near', 'me']);

/** What a query asks for, once normalised. */
export interface QueryProfile {
  /** Normalised query. */
  key: string;
  /**
   * Seed of the synthetic market: the category, so that every keyword of a category meets the
   * same businesses (ranked differently by name match); the query itself when no category fits.
   */
  market: string;
  /** Meaningful normalised words, for name matches. */
  words: string[];
  category: DemoCategory | null;
  /** Category label shown on results. */
  label: string;
}

export function profileQuery(query: string): QueryProfile {
  const key = normalise(query).replace(/[^a-z0-9ñ ]+/g, ' ').replace(/\s+/g, ' ').trim();
  const words = key.split(' ').filter((w) => w.length > 0 && !STOPWORDS.has(w));
  const category =
    CATEGORIES.find((c) => c.stems.some((stem) => (stem.includes(' ') ? key.includes(stem) : words.some((w) => w.startsWith(stem))))) ?? null;
  const label = category?.label ?? capitalise(query.trim().replace(/\s+/g, ' '));
  return { key, market: category ? `categoria:${category.slug}` : key, words, category, label };
}

const capitalise = (s: string) => (s.length > 0 ? s[0]!.toUpperCase() + s.slice(1) : s);

/** 0.275 to 1: a well-rated business with many reviews is more prominent. */
export function prominence(rating: number | null, reviews: number): number {
  const r = rating === null ? 0.25 : Math.min(1, Math.max(0, (rating - 3) / 2));
  const v = Math.min(1, Math.log10(Math.max(0, reviews) + 1) / 3);
  return (0.55 + 0.45 * r) * (0.5 + 0.5 * v);
}

export const KM_PER_DEG_LAT = 111.32;

/** Distance in km; an equirectangular approximation, exact enough within a few tens of km. */
export function distanceKm(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const dy = (lat2 - lat1) * KM_PER_DEG_LAT;
  const dx = (lng2 - lng1) * KM_PER_DEG_LAT * Math.cos((((lat1 + lat2) / 2) * Math.PI) / 180);
  return Math.sqrt(dx * dx + dy * dy);
}

function nearestCity(lat: number, lng: number): { city: MarketCity; km: number } {
  let best: { city: MarketCity; km: number } = { city: CITIES[0], km: Infinity };
  for (const city of CITIES) {
    const km = distanceKm(lat, lng, city.lat, city.lng);
    if (km < best.km) best = { city, km };
  }
  return best;
}

/** A town name for an address: the nearest demo city when it is close, else only the country. */
export function townFor(lat: number, lng: number): string {
  const { city, km } = nearestCity(lat, lng);
  return km <= 25 ? `${city.name}, ${countryOf(city)}` : 'España';
}

// The lattice: cells of about 1.5 km, each with its own synthetic businesses at fixed points.
export const CELL_KM = 1.5;
const CELL_LAT = CELL_KM / KM_PER_DEG_LAT;
const cellLng = (row: number) => CELL_LAT / Math.max(0.2, Math.cos(((row + 0.5) * CELL_LAT * Math.PI) / 180));

/** Per market, per cell (row × 100,000 + col: a cell is never 100,000 columns from 0); numbers, not strings, as a scan looks up 30,000 cells. */
const cellCache = new Map<string, Map<number, MarketBusiness[]>>();
let cellsCached = 0;
const CELL_CACHE_LIMIT = 20_000;

function cellBusinesses(profile: QueryProfile, row: number, col: number): MarketBusiness[] {
  let cells = cellCache.get(profile.market);
  const cellKey = row * 100_000 + col;
  const cached = cells?.get(cellKey);
  if (cached) return cached;
  const rand = seededRandom(mixInts(hashString(profile.market), row, col));
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)]!;
  const lngStep = cellLng(row);
  const centreLat = (row + 0.5) * CELL_LAT;
  const centreLng = (col + 0.5) * lngStep;
  const { city, km } = nearestCity(centreLat, centreLng);
  // Denser in a city centre, thinner (but never empty) in the countryside.
  const urban = 0.3 + 0.7 * Math.exp(-km / 6);
  const density = profile.category?.density ?? GENERIC_DENSITY;
  const count = Math.round(density * urban * (0.6 + 0.8 * rand()));
  const patterns = profile.category?.names ?? GENERIC_NAMES;
  const nameOf = () =>
    pick(patterns)
      .replace(/\{L\}/g, () => pick(PLACE_WORDS))
      .replace(/\{S\}/g, () => pick(SURNAMES))
      .replace(/\{N\}/g, () => pick(FIRST_NAMES))
      .replace('{Q}', profile.label);
  const taken = new Set<string>();
  const out: MarketBusiness[] = [];
  for (let i = 0; i < count; i++) {
    const lat = Math.round((row + rand()) * CELL_LAT * 1e6) / 1e6;
    const lng = Math.round((col + rand()) * lngStep * 1e6) / 1e6;
    let name = nameOf();
    for (let retry = 0; retry < 3 && taken.has(name); retry++) name = nameOf();
    taken.add(name);
    const reviews = Math.floor(Math.exp(rand() * 7.3)) - 1; // 0 to ~1480, most of them few
    const ratingDraw = rand();
    const rating = reviews === 0 ? null : Math.round((3.4 + 1.6 * Math.pow(ratingDraw, 0.6)) * 10) / 10;
    const street = `${pick(STREET_TYPES)} ${pick(STREET_NAMES)}, ${1 + Math.floor(rand() * 150)}`;
    const postal = postalOf(city, 1 + Math.floor(rand() * 20));
    const address = km <= 25 ? `${street}, ${postal} ${city.name}, ${countryOf(city)}` : `${street}, España`;
    const id = `demo-sim-${hashString(profile.market).toString(36)}-${row}-${col}-${i}`;
    out.push({
      id,
      name,
      address,
      lat,
      lng,
      showLocation: true,
      rating,
      reviews,
      category: profile.label,
      baseRelevance: 1,
      nameKey: normalise(name),
      prominence: prominence(rating, reviews),
      seed: hashString(id),
    });
  }
  if (cellsCached >= CELL_CACHE_LIMIT) {
    cellCache.clear();
    cellsCached = 0;
    cells = undefined;
  }
  if (!cells) cellCache.set(profile.market, (cells = new Map<number, MarketBusiness[]>()));
  cells.set(cellKey, out);
  cellsCached++;
  return out;
}

/** Every synthetic business within radiusKm of the point: exactly those, so neighbouring points agree. */
export function syntheticAround(profile: QueryProfile, lat: number, lng: number, radiusKm: number): MarketBusiness[] {
  const dLat = radiusKm / KM_PER_DEG_LAT;
  const widestCos = Math.max(0.2, Math.cos(((Math.min(89, Math.abs(lat) + dLat)) * Math.PI) / 180));
  const dLng = radiusKm / (KM_PER_DEG_LAT * widestCos);
  const out: MarketBusiness[] = [];
  for (let row = Math.floor((lat - dLat) / CELL_LAT); row <= Math.floor((lat + dLat) / CELL_LAT); row++) {
    const step = cellLng(row);
    for (let col = Math.floor((lng - dLng) / step); col <= Math.floor((lng + dLng) / step); col++) {
      for (const b of cellBusinesses(profile, row, col)) if (distanceKm(lat, lng, b.lat, b.lng) <= radiusKm) out.push(b);
    }
  }
  return out;
}

// The demo places catalogue, as market businesses grouped by category slug.
let catalogueByCategory: Map<string, MarketBusiness[]> | undefined;

function catalogueMarket(): Map<string, MarketBusiness[]> {
  if (catalogueByCategory) return catalogueByCategory;
  const byCategory = new Map<string, MarketBusiness[]>();
  for (const p of demoCatalogue()) {
    const category = CATEGORIES.find((c) => p.placeId.includes(`-${c.slug}-`));
    if (!category) continue;
    const citySlug = p.placeId.slice('demo-'.length, p.placeId.indexOf(`-${category.slug}-`));
    const city = CITIES.find((c) => c.slug === citySlug) ?? CITIES[0];
    const seed = hashString(p.placeId);
    // A service-area business has no public point; it ranks from a hidden one near its city centre.
    const hidden = p.lat === null || p.lng === null;
    const lat = hidden ? city.lat + (unit(mixInts(seed, 1)) - 0.5) * 0.03 : p.lat!;
    const lng = hidden ? city.lng + (unit(mixInts(seed, 2)) - 0.5) * 0.04 : p.lng!;
    const list = byCategory.get(category.slug) ?? [];
    list.push({
      id: p.placeId,
      name: p.name,
      address: p.address,
      lat,
      lng,
      showLocation: !hidden,
      rating: p.rating,
      reviews: p.totalReviews,
      category: category.label,
      baseRelevance: 1,
      nameKey: normalise(p.name),
      prominence: prominence(p.rating, p.totalReviews),
      seed,
    });
    byCategory.set(category.slug, list);
  }
  catalogueByCategory = byCategory;
  return byCategory;
}

/** The catalogue's own record of a business, when the id is one of the catalogue's. */
export function catalogueBusiness(id: string): MarketBusiness | undefined {
  if (!id.startsWith('demo-')) return undefined;
  for (const list of catalogueMarket().values()) {
    const found = list.find((b) => b.id === id);
    if (found) return found;
  }
  return undefined;
}

/**
 * Catalogue businesses that take part in a query: those of its category, or, for a query of
 * no known category, those whose name holds one of its words (less relevant).
 */
export function catalogueFor(profile: QueryProfile): MarketBusiness[] {
  const market = catalogueMarket();
  if (profile.category) return market.get(profile.category.slug) ?? [];
  const cached = nameMatchCache.get(profile.key);
  if (cached) return cached;
  const out: MarketBusiness[] = [];
  for (const list of market.values()) {
    for (const b of list) if (profile.words.some((w) => b.nameKey.includes(w))) out.push({ ...b, baseRelevance: 0.55 });
  }
  if (nameMatchCache.size >= 1000) nameMatchCache.clear();
  nameMatchCache.set(profile.key, out);
  return out;
}

const nameMatchCache = new Map<string, MarketBusiness[]>();
