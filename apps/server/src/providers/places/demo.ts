import { type LocatedArea, type PlaceDetails, PlaceNotFoundError, type PlaceSuggestion, type PlacesProvider } from './interface';
import { seededRandom } from '@rankmaps/shared/seeded-random';
import { hashString, mixInts, unit } from '../maps-search/demo-random';

// A deterministic catalogue of businesses, generated in code, for set-ups without a Google key
// (docs/decisions.md §4): every category in Spanish cities, and a few businesses in cities of
// other countries, each with its own market (docs/decisions.md §21.3). Same ids, names and
// coordinates on every start, and every address point on land (checked against the sea index
// by demo-land.api.test.ts).

/** A rectangle of land, in degrees, that a coastal city's businesses are placed in. */
interface LandBox {
  south: number;
  north: number;
  west: number;
  east: number;
}

const SPANISH_CITIES = [
  { slug: 'madrid', name: 'Madrid', lat: 40.4168, lng: -3.7038, cp: '280', streets: ['Calle de Alcalá', 'Gran Vía', 'Calle de Serrano', 'Calle de Atocha', 'Paseo de la Castellana'] },
  { slug: 'barcelona', name: 'Barcelona', lat: 41.3874, lng: 2.1686, cp: '080', streets: ['Carrer de Balmes', 'Passeig de Gràcia', "Carrer d'Aragó", 'Carrer de Muntaner', 'Avinguda Diagonal'] },
  { slug: 'valencia', name: 'Valencia', lat: 39.4699, lng: -0.3763, cp: '460', streets: ['Calle de Colón', 'Avenida del Puerto', 'Calle de Xàtiva', 'Gran Vía Marqués del Turia', 'Calle de Cuba'] },
  { slug: 'sevilla', name: 'Sevilla', lat: 37.3891, lng: -5.9845, cp: '410', streets: ['Calle Sierpes', 'Avenida de la Constitución', 'Calle Feria', 'Calle San Jacinto', 'Avenida de la Buhaira'] },
  { slug: 'malaga', name: 'Málaga', lat: 36.7213, lng: -4.4214, cp: '290', streets: ['Calle Larios', 'Avenida de Andalucía', 'Calle Carretería', 'Paseo de Reding', 'Calle Héroe de Sostoa'] },
  { slug: 'bilbao', name: 'Bilbao', lat: 43.263, lng: -2.935, cp: '480', streets: ['Gran Vía de Don Diego López de Haro', 'Calle Ercilla', 'Alameda de Urquijo', 'Calle Licenciado Poza', 'Calle Autonomía'] },
  { slug: 'zaragoza', name: 'Zaragoza', lat: 41.6488, lng: -0.8891, cp: '500', streets: ['Paseo de la Independencia', 'Calle Alfonso I', 'Avenida de Madrid', 'Calle Delicias', 'Paseo Sagasta'] },
  { slug: 'alicante', name: 'Alicante', lat: 38.3452, lng: -0.481, cp: '030', streets: ['Avenida de Maisonnave', 'Calle Castaños', 'Avenida de Alfonso X el Sabio', 'Calle Pintor Aparicio', 'Rambla de Méndez Núñez'] },
  { slug: 'palma', name: 'Palma', lat: 39.5696, lng: 2.6502, cp: '070', streets: ['Avinguda de Jaume III', 'Carrer de Sant Miquel', "Passeig del Born", 'Carrer dels Oms', 'Avinguda de Alemanya'] },
  { slug: 'murcia', name: 'Murcia', lat: 37.9922, lng: -1.1307, cp: '300', streets: ['Gran Vía Escultor Salzillo', 'Calle Trapería', 'Avenida de la Libertad', 'Calle Platería', 'Avenida Juan Carlos I'] },
  { slug: 'granada', name: 'Granada', lat: 37.1773, lng: -3.5986, cp: '180', streets: ['Calle Recogidas', 'Gran Vía de Colón', 'Calle Reyes Católicos', 'Camino de Ronda', 'Calle Pedro Antonio de Alarcón'] },
  { slug: 'cadiz', name: 'Cádiz', lat: 36.5271, lng: -6.2886, cp: '110', streets: ['Calle Ancha', 'Avenida Cayetano del Toro', 'Calle San Francisco', 'Avenida de Andalucía', 'Calle Columela'] },
  { slug: 'santander', name: 'Santander', lat: 43.4623, lng: -3.81, cp: '390', streets: ['Paseo de Pereda', 'Calle Burgos', 'Calle Castelar', 'Calle Vargas', 'Calle San Fernando'] },
  { slug: 'a-coruna', name: 'A Coruña', lat: 43.3623, lng: -8.4115, cp: '150', streets: ['Rúa Real', 'Avenida de Linares Rivas', 'Rúa San Andrés', 'Avenida de Finisterre', 'Rúa Juan Flórez'] },
  { slug: 'vigo', name: 'Vigo', lat: 42.2406, lng: -8.7207, cp: '362', streets: ['Rúa do Príncipe', 'Gran Vía', 'Rúa Urzaiz', 'Avenida de García Barbón', 'Rúa Venezuela'] },
] as const;

/**
 * Coastal cities whose businesses, spread freely around the centre, fell on the sea (159 of a
 * 15×15 grid's points were water around one of them). Their businesses are placed in these
 * boxes instead: land with a margin of 120–250 m, found near each centre with the sea index.
 * Cádiz is a narrow isthmus, so it has two small ones (the old town and the new town).
 */
const LAND_BOXES: Readonly<Record<string, readonly LandBox[]>> = {
  barcelona: [{ south: 41.3724, north: 41.4024, west: 2.1336, east: 2.1736 }],
  malaga: [{ south: 36.7213, north: 36.7513, west: -4.4514, east: -4.4114 }],
  alicante: [{ south: 38.3477, north: 38.3777, west: -0.5185, east: -0.4785 }],
  palma: [{ south: 39.5721, north: 39.6021, west: 2.6302, east: 2.6702 }],
  cadiz: [
    { south: 36.53, north: 36.536, west: -6.3015, east: -6.2935 },
    { south: 36.5016, north: 36.5076, west: -6.2726, east: -6.2646 },
  ],
  santander: [{ south: 43.4423, north: 43.4723, west: -3.87, east: -3.83 }],
  'a-coruna': [{ south: 43.3348, north: 43.3648, west: -8.4465, east: -8.4065 }],
  vigo: [{ south: 42.2081, north: 42.2381, west: -8.7257, east: -8.6857 }],
};

/** A city outside Spain with a few businesses of its own, named and addressed as locals do. */
export interface ForeignDemoCity {
  slug: string;
  name: string;
  /** Other names people type for it ('Londres', 'CDMX'). */
  aliases: string[];
  lat: number;
  lng: number;
  /** Its market country, ISO 3166-1 alpha-2. */
  countryCode: string;
  /** The country as the city's own addresses end ('USA', 'UK', 'México'). */
  country: string;
  /** A postal code of the city, from a number 1..20. */
  postal: (n: number) => string;
  address: (street: string, number: number, postal: string) => string;
  streets: readonly string[];
  box: LandBox;
  /** By category slug (the Spanish catalogue's): the local word for it and the businesses' names. */
  businesses: readonly { category: string; label: string; names: readonly string[]; serviceArea?: boolean }[];
}

const pad = (n: number, width: number) => String(n).padStart(width, '0');
const LONDON_DISTRICTS = ['W1U', 'W1D', 'WC2H', 'NW1', 'W1F', 'WC1E', 'W1T', 'N1'];

export const FOREIGN_CITIES: readonly ForeignDemoCity[] = [
  {
    slug: 'austin', name: 'Austin', aliases: [], lat: 30.2672, lng: -97.7431, countryCode: 'US', country: 'USA',
    postal: (n) => `787${pad(n, 2)}`,
    address: (street, number, postal) => `${number} ${street}, Austin, TX ${postal}, USA`,
    streets: ['Congress Ave', 'South Lamar Blvd', 'E 6th St', 'Guadalupe St', 'Burnet Rd'],
    box: { south: 30.2522, north: 30.2822, west: -97.7631, east: -97.7231 },
    businesses: [
      { category: 'dentista', label: 'Dentist', names: ['Congress Avenue Dental', 'Lone Star Smiles Dentistry'] },
      { category: 'restaurante', label: 'Restaurant', names: ['Hill Country Smokehouse', 'Tacos on Sixth'] },
      { category: 'peluqueria', label: 'Barber shop', names: ['Bluebonnet Barber Shop'] },
      { category: 'fontanero', label: 'Plumber', names: ['Capitol City Plumbing'], serviceArea: true },
    ],
  },
  {
    slug: 'london', name: 'London', aliases: ['Londres'], lat: 51.5074, lng: -0.1278, countryCode: 'GB', country: 'UK',
    postal: (n) => `${LONDON_DISTRICTS[n % LONDON_DISTRICTS.length]} ${1 + (n % 9)}${'ABDEFGHJLN'[n % 10]}${'PQRSTUWXYZ'[(n * 3) % 10]}`,
    address: (street, number, postal) => `${number} ${street}, London ${postal}, UK`,
    streets: ['Baker Street', 'Marylebone High Street', 'Charlotte Street', 'Great Portland Street', 'Wigmore Street'],
    box: { south: 51.4924, north: 51.5224, west: -0.1478, east: -0.1078 },
    businesses: [
      { category: 'dentista', label: 'Dentist', names: ['Marylebone Dental Practice', 'Fitzrovia Smile Studio'] },
      { category: 'restaurante', label: 'Restaurant', names: ['The Crown & Anchor', 'Soho Curry House'] },
      { category: 'abogado', label: 'Solicitor', names: ['Whitfield & Hale Solicitors'] },
    ],
  },
  {
    slug: 'cdmx', name: 'Ciudad de México', aliases: ['CDMX', 'Mexico City'], lat: 19.4326, lng: -99.1332, countryCode: 'MX', country: 'México',
    postal: (n) => `06${pad(n * 10, 3)}`,
    address: (street, number, postal) => `${street} ${number}, ${postal} Ciudad de México, CDMX, México`,
    streets: ['Calle Francisco I. Madero', 'Avenida Álvaro Obregón', 'Calle Ámsterdam', 'Paseo de la Reforma', 'Calle Colima'],
    box: { south: 19.4176, north: 19.4476, west: -99.1532, east: -99.1132 },
    businesses: [
      { category: 'dentista', label: 'Dentista', names: ['Consultorio Dental Roma Norte', 'Dentistas Condesa'] },
      { category: 'restaurante', label: 'Restaurante', names: ['Taquería El Güero', 'Fonda Doña Lupita'] },
      { category: 'peluqueria', label: 'Estética', names: ['Estética Frida'] },
      { category: 'cerrajero', label: 'Cerrajero', names: ['Cerrajería Express Chapultepec'], serviceArea: true },
    ],
  },
  {
    slug: 'lisboa', name: 'Lisboa', aliases: ['Lisbon', 'Lisbonne'], lat: 38.7223, lng: -9.1393, countryCode: 'PT', country: 'Portugal',
    postal: (n) => `1${1 + (n % 9)}00-${pad((n * 37) % 1000, 3)}`,
    address: (street, number, postal) => `${street} ${number}, ${postal} Lisboa, Portugal`,
    streets: ['Avenida da Liberdade', 'Rua Augusta', 'Avenida Almirante Reis', 'Rua de São Bento', 'Avenida de Roma'],
    box: { south: 38.7073, north: 38.7373, west: -9.1593, east: -9.1193 },
    businesses: [
      { category: 'dentista', label: 'Dentista', names: ['Clínica Dentária Sorriso Azul', 'Dentista da Avenida'] },
      { category: 'restaurante', label: 'Restaurante', names: ['Tasca da Esquina Velha', 'Marisqueira do Largo'] },
      { category: 'peluqueria', label: 'Cabeleireiro', names: ['Barbearia Lisboeta'] },
    ],
  },
  {
    slug: 'paris', name: 'Paris', aliases: ['París'], lat: 48.8566, lng: 2.3522, countryCode: 'FR', country: 'France',
    postal: (n) => `750${pad(n, 2)}`,
    address: (street, number, postal) => `${number} ${street}, ${postal} Paris, France`,
    streets: ['Rue de Rivoli', 'Boulevard Saint-Germain', 'Rue Oberkampf', 'Avenue de la République', 'Rue du Faubourg Saint-Antoine'],
    box: { south: 48.8416, north: 48.8716, west: 2.3322, east: 2.3722 },
    businesses: [
      { category: 'dentista', label: 'Dentiste', names: ['Cabinet Dentaire Rivoli', 'Centre Dentaire Bastille'] },
      { category: 'restaurante', label: 'Restaurant', names: ['Bistrot du Marché', 'Brasserie des Arts'] },
      { category: 'peluqueria', label: 'Coiffeur', names: ['Salon de Coiffure Élodie'] },
      { category: 'fontanero', label: 'Plombier', names: ['Plomberie Martin & Fils'], serviceArea: true },
    ],
  },
];

const CATEGORIES = [
  { slug: 'dentista', label: 'Clínica dental', names: ['Clínica Dental Sonrisa', 'Dentalia', 'Clínica Dental Doctor Ruiz', 'Centro Odontológico Bahía'], serviceArea: false },
  { slug: 'fontanero', label: 'Fontanero', names: ['Fontanería Hermanos García', 'Fontaneros Express 24h', 'Reparaciones Agua Clara'], serviceArea: true },
  { slug: 'cerrajero', label: 'Cerrajero', names: ['Cerrajería Rápida', 'Cerrajeros Urgentes Llave de Oro', 'Aperturas 24 horas'], serviceArea: true },
  { slug: 'restaurante', label: 'Restaurante', names: ['Restaurante La Taberna del Puerto', 'Casa Paco', 'Mesón El Olivo', 'Arrocería La Barca'], serviceArea: false },
  { slug: 'peluqueria', label: 'Peluquería', names: ['Peluquería Estilo', 'Salón de Belleza Marián', 'Barbería Clásica'], serviceArea: false },
  { slug: 'abogado', label: 'Abogado', names: ['Martínez & Asociados Abogados', 'Bufete Ortega', 'Abogados López Navarro'], serviceArea: false },
  { slug: 'gimnasio', label: 'Gimnasio', names: ['Gimnasio Olimpo', 'Fitness Center Activa', 'Box Funcional Norte'], serviceArea: false },
  { slug: 'fisioterapeuta', label: 'Fisioterapeuta', names: ['Fisioterapia Movimiento', 'Clínica de Fisioterapia Salud', 'Centro Fisio Deportivo'], serviceArea: false },
  { slug: 'veterinario', label: 'Veterinario', names: ['Clínica Veterinaria Patitas', 'Hospital Veterinario San Antón', 'Veterinaria Los Pinos'], serviceArea: false },
  { slug: 'inmobiliaria', label: 'Inmobiliaria', names: ['Inmobiliaria Casa Ideal', 'Fincas del Centro', 'Gestión Inmobiliaria Horizonte'], serviceArea: false },
] as const;

function hash(s: string): number {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619);
  return h >>> 0;
}

/** Lower case without accents, for accent- and case-insensitive search. */
export function normalise(s: string): string {
  return s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
}

/**
 * About half the simulated businesses have a website, named after them; stable per business.
 * The demo AI engine cites the same domains (docs/decisions.md §31.2), and a demo place stores its
 * own (docs/decisions.md §31.12).
 */
export function demoDomain(placeId: string, name: string): string | null {
  const draw = unit(mixInts(hashString(placeId), 0xd0));
  if (draw >= 0.55) return null;
  return `${normalise(name).replace(/[^a-z0-9ñ]+/g, '').slice(0, 40)}${draw < 0.4 ? '.es' : '.com'}`;
}

const demoWebsite = (placeId: string, name: string) => {
  const domain = demoDomain(placeId, name);
  return domain ? `https://www.${domain}/` : null;
};

interface DemoEntry {
  details: PlaceDetails;
  haystack: string;
}

/** A point in a land box, from two draws of 0..1. */
const inBox = (box: LandBox, u: number, w: number) => ({ lat: box.south + u * (box.north - box.south), lng: box.west + w * (box.east - box.west) });
const round6 = (x: number) => Math.round(x * 1e6) / 1e6;

function buildCatalogue(): Map<string, DemoEntry> {
  const out = new Map<string, DemoEntry>();
  for (const city of SPANISH_CITIES) {
    const boxes = LAND_BOXES[city.slug];
    for (const cat of CATEGORIES) {
      const rand = seededRandom(hash(`${city.slug}/${cat.slug}`));
      cat.names.forEach((base, i) => {
        const placeId = `demo-${city.slug}-${cat.slug}-${i + 1}`;
        // Spread around the centre, up to ~3 km in each direction; in a land box on the coast.
        const u = rand();
        const w = rand();
        const box = boxes?.[hash(placeId) % boxes.length];
        const point = box ? inBox(box, u, w) : { lat: city.lat + (u - 0.5) * 0.055, lng: city.lng + (w - 0.5) * 0.07 };
        const street = city.streets[Math.floor(rand() * city.streets.length)] ?? city.streets[0];
        const number = 1 + Math.floor(rand() * 120);
        const postal = `${city.cp}${String(1 + Math.floor(rand() * 20)).padStart(2, '0')}`;
        const rating = Math.round((3.6 + rand() * 1.4) * 10) / 10;
        const totalReviews = 8 + Math.floor(rand() * 900);
        const name = `${base} ${city.name}`;
        const serviceArea = cat.serviceArea && i % 2 === 0;
        const details: PlaceDetails = {
          placeId,
          name,
          address: serviceArea ? `${city.name}, España` : `${street}, ${number}, ${postal} ${city.name}, España`,
          lat: serviceArea ? null : round6(point.lat),
          lng: serviceArea ? null : round6(point.lng),
          rating,
          totalReviews,
          mainPhoto: null,
          countryCode: 'ES',
          cid: null,
          website: demoWebsite(placeId, name),
          serviceArea,
        };
        out.set(placeId, { details, haystack: normalise(`${name} ${cat.label} ${cat.slug} ${city.name}`) });
      });
    }
  }
  for (const city of FOREIGN_CITIES) addForeignCity(out, city);
  return out;
}

function addForeignCity(out: Map<string, DemoEntry>, city: ForeignDemoCity): void {
  for (const group of city.businesses) {
    const spanishLabel = CATEGORIES.find((c) => c.slug === group.category)?.label ?? '';
    const rand = seededRandom(hash(`${city.slug}/${group.category}`));
    group.names.forEach((name, i) => {
      const placeId = `demo-${city.slug}-${group.category}-${i + 1}`;
      const point = inBox(city.box, rand(), rand());
      const street = city.streets[Math.floor(rand() * city.streets.length)] ?? city.streets[0]!;
      const number = 1 + Math.floor(rand() * 120);
      const postal = city.postal(1 + Math.floor(rand() * 20));
      const serviceArea = group.serviceArea === true;
      const details: PlaceDetails = {
        placeId,
        name,
        address: serviceArea ? `${city.name}, ${city.country}` : city.address(street, number, postal),
        lat: serviceArea ? null : round6(point.lat),
        lng: serviceArea ? null : round6(point.lng),
        rating: Math.round((3.8 + rand() * 1.2) * 10) / 10,
        totalReviews: 12 + Math.floor(rand() * 600),
        mainPhoto: null,
        countryCode: city.countryCode,
        cid: null,
        website: demoWebsite(placeId, name),
        serviceArea,
      };
      const words = [name, group.label, spanishLabel, group.category, city.name, ...city.aliases, city.country];
      out.set(placeId, { details, haystack: normalise(words.join(' ')) });
    });
  }
}

let catalogue: Map<string, DemoEntry> | undefined;
const entries = () => (catalogue ??= buildCatalogue());

/** The demo catalogue's businesses, for tests and seeds. */
export function demoCatalogue(): PlaceDetails[] {
  return [...entries().values()].map((e) => e.details);
}

export function createDemoPlacesProvider(): PlacesProvider {
  return {
    name: 'demo',
    autocomplete(input) {
      const words = normalise(input).split(/\s+/).filter((w) => w.length > 0);
      if (words.length === 0) return Promise.resolve([]);
      const found: PlaceSuggestion[] = [];
      for (const e of entries().values()) {
        if (!words.every((w) => e.haystack.includes(w))) continue;
        found.push({ placeId: e.details.placeId, name: e.details.name, address: e.details.address });
        if (found.length === 10) break;
      }
      return Promise.resolve(found);
    },
    details(placeId) {
      const e = entries().get(placeId);
      if (!e) return Promise.reject(new PlaceNotFoundError('No se ha encontrado el negocio en el catálogo de demostración.'));
      return Promise.resolve({ ...e.details });
    },
    // The catalogue's cities stand in for a geocoder: the ones whose name starts with a typed word.
    locate(input) {
      const words = normalise(input).split(/[\s,]+/).filter((w) => w.length > 0);
      const cities = [
        ...SPANISH_CITIES.map((c) => ({ names: [c.name], label: `${c.name}, España`, lat: c.lat, lng: c.lng })),
        ...FOREIGN_CITIES.map((c) => ({ names: [c.name, ...c.aliases], label: `${c.name}, ${c.country}`, lat: c.lat, lng: c.lng })),
      ];
      const found: LocatedArea[] = cities
        .filter((c) => words.some((w) => c.names.some((n) => normalise(n).startsWith(w))))
        .map(({ label, lat, lng }) => ({ label, lat, lng }));
      return Promise.resolve(found.slice(0, 5));
    },
  };
}
