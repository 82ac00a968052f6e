/** One suggestion while the user types a business name (docs/product.md §5, add business). */
export interface PlaceSuggestion {
  placeId: string;
  name: string;
  address: string;
}

/** What a business looks like on the maps provider. Service-area businesses have no point. */
export interface PlaceDetails {
  placeId: string;
  name: string;
  address: string;
  lat: number | null;
  lng: number | null;
  rating: number | null;
  totalReviews: number;
  mainPhoto: string | null;
  countryCode: string | null;
  /** Google's customer id (the cid of its Maps URL), when the provider gives it. */
  cid: string | null;
  /** The business's own website ('https://…'), when the provider gives one: the AI matcher's domain rule reads it (docs/decisions.md §31.12). */
  website: string | null;
  serviceArea: boolean;
}

/** A city or address found for centring a service area's grid. */
export interface LocatedArea {
  label: string;
  lat: number;
  lng: number;
}

/** The provider does not know this place id (the user gets a 400 with the message). */
export class PlaceNotFoundError extends Error {
  constructor(message = 'No se ha encontrado el negocio en Google.') {
    super(message);
    this.name = 'PlaceNotFoundError';
  }
}

/** The provider could not be reached or answered with an error (the user gets a 502). */
export class PlacesUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PlacesUnavailableError';
  }
}

export interface PlacesProvider {
  readonly name: 'demo' | 'google';
  autocomplete(input: string, sessionToken?: string): Promise<PlaceSuggestion[]>;
  details(placeId: string, sessionToken?: string): Promise<PlaceDetails>;
  /** Cities or addresses matching the text, for a service-area business's centre (at most 5). */
  locate(input: string): Promise<LocatedArea[]>;
}
