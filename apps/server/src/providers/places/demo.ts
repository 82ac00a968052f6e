import { type LocatedArea, type PlaceDetails, PlaceNotFoundError, type PlaceSuggestion, type PlacesProvider } from './interface';

// A deterministic catalogue of businesses in Spanish cities, generated in code, for set-ups
// without a Google key (docs/decisions.md §4). Same ids, names and coordinates on every start.

const CITIES = [
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

/** mulberry32: a small seeded PRNG, so the catalogue is the same on every start. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function hash(s: string): number {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619);
  return h >>> 0;
}

/** Lower case without accents, for accent- and case-insensitive search. */
export function normalise(s: string): string {
  return s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
}

interface DemoEntry {
  details: PlaceDetails;
  haystack: string;
}

function buildCatalogue(): Map<string, DemoEntry> {
  const out = new Map<string, DemoEntry>();
  for (const city of CITIES) {
    for (const cat of CATEGORIES) {
      const rand = prng(hash(`${city.slug}/${cat.slug}`));
      cat.names.forEach((base, i) => {
        const placeId = `demo-${city.slug}-${cat.slug}-${i + 1}`;
        // Spread around the centre: up to ~3 km in each direction.
        const dLat = (rand() - 0.5) * 0.055;
        const dLng = (rand() - 0.5) * 0.07;
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
          lat: serviceArea ? null : Math.round((city.lat + dLat) * 1e6) / 1e6,
          lng: serviceArea ? null : Math.round((city.lng + dLng) * 1e6) / 1e6,
          rating,
          totalReviews,
          mainPhoto: null,
          countryCode: 'ES',
          cid: null,
          serviceArea,
        };
        out.set(placeId, { details, haystack: normalise(`${name} ${cat.label} ${cat.slug} ${city.name}`) });
      });
    }
  }
  return out;
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
      const found: LocatedArea[] = CITIES.filter((c) => words.some((w) => normalise(c.name).startsWith(w))).map((c) => ({
        label: `${c.name}, España`,
        lat: c.lat,
        lng: c.lng,
      }));
      return Promise.resolve(found.slice(0, 5));
    },
  };
}
