import { type IncomingHttpHeaders, type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { closeNow } from './local-server';

// Recorded responses of the Places API (New), shaped as Google documents them.
export const RECORDED_AUTOCOMPLETE = {
  suggestions: [
    {
      placePrediction: {
        place: 'places/ChIJN1t_tDeuEmsRUsoyG83frY4',
        placeId: 'ChIJN1t_tDeuEmsRUsoyG83frY4',
        text: { text: 'Clínica Dental Larios, Calle Larios, Málaga, España', matches: [{ endOffset: 14 }] },
        structuredFormat: {
          mainText: { text: 'Clínica Dental Larios', matches: [{ endOffset: 14 }] },
          secondaryText: { text: 'Calle Larios, Málaga, España' },
        },
        types: ['dentist', 'health', 'point_of_interest', 'establishment'],
      },
    },
  ],
};

export const RECORDED_DETAILS = {
  id: 'ChIJN1t_tDeuEmsRUsoyG83frY4',
  displayName: { text: 'Clínica Dental Larios', languageCode: 'es' },
  formattedAddress: 'C. Marqués de Larios, 5, Distrito Centro, 29005 Málaga, España',
  location: { latitude: 36.7195, longitude: -4.4216 },
  rating: 4.7,
  userRatingCount: 312,
  photos: [{ name: 'places/ChIJN1t_tDeuEmsRUsoyG83frY4/photos/AUc7tXV', widthPx: 4032, heightPx: 3024, authorAttributions: [] }],
  addressComponents: [
    { longText: 'Málaga', shortText: 'Málaga', types: ['locality', 'political'], languageCode: 'es' },
    { longText: 'España', shortText: 'ES', types: ['country', 'political'], languageCode: 'es' },
  ],
  googleMapsUri: 'https://maps.google.com/?cid=11469874601539750769',
  websiteUri: 'https://www.clinicadentallarios.es/',
};

/** places:searchText with the field mask places.displayName,places.formattedAddress,places.location. */
export const RECORDED_TEXT_SEARCH = {
  places: [
    {
      formattedAddress: 'Málaga, España',
      location: { latitude: 36.721261, longitude: -4.4212655 },
      displayName: { text: 'Málaga', languageCode: 'es' },
    },
    {
      formattedAddress: 'Calle Larios, 29005 Málaga, España',
      location: { latitude: 36.7196, longitude: -4.4213 },
      displayName: { text: 'Calle Larios', languageCode: 'es' },
    },
  ],
};

export const RECORDED_NOT_FOUND = {
  error: { code: 404, message: 'Requested entity was not found.', status: 'NOT_FOUND' },
};

export interface RecordedRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/**
 * A local stand-in for places.googleapis.com. mode 'down' answers 503 to everything; mode
 * 'hold' keeps each request unanswered until the mode changes (a slow Google: `held` counts them).
 */
export async function startFakeGooglePlaces(): Promise<{ baseUrl: string; requests: RecordedRequest[]; held(): number; setMode(m: 'ok' | 'down' | 'hold'): void; close(): Promise<void> }> {
  const requests: RecordedRequest[] = [];
  let mode: 'ok' | 'down' | 'hold' = 'ok';
  let waiting: (() => void)[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    const answer = () => {
      requests.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      const send = (status: number, json: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(json));
      };
      if (mode === 'down') return send(503, { error: { code: 503, message: 'The service is currently unavailable.', status: 'UNAVAILABLE' } });
      if (req.method === 'POST' && req.url === '/v1/places:autocomplete') return send(200, RECORDED_AUTOCOMPLETE);
      if (req.method === 'POST' && req.url === '/v1/places:searchText') return send(200, RECORDED_TEXT_SEARCH);
      if (req.method === 'GET' && req.url?.startsWith(`/v1/places/${RECORDED_DETAILS.id}`)) return send(200, RECORDED_DETAILS);
      return send(404, RECORDED_NOT_FOUND);
    };
    req.on('end', () => {
      if (mode === 'hold') {
        waiting.push(answer);
        return;
      }
      answer();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    held: () => waiting.length,
    setMode: (m) => {
      mode = m;
      if (m === 'hold') return;
      const release = waiting;
      waiting = [];
      for (const answer of release) answer();
    },
    close: () => {
      waiting = [];
      return closeNow(server);
    },
  };
}
