import { describe, expect, it } from 'vitest';
import { timeZoneInWords } from './time-zone-words';

describe('timeZoneInWords', () => {
  it('names Spain’s zones in words, in Spanish and in English', () => {
    expect(timeZoneInWords('Europe/Madrid')).toBe('hora peninsular española');
    expect(timeZoneInWords('Atlantic/Canary', 'es')).toBe('hora de Canarias');
    expect(timeZoneInWords('Europe/Madrid', 'en')).toBe('Spanish peninsular time');
  });

  it('names any other zone by its city, never by its IANA name', () => {
    expect(timeZoneInWords('America/Argentina/Buenos_Aires')).toBe('hora de Buenos Aires');
    expect(timeZoneInWords('Europe/Lisbon', 'en-GB')).toBe('Lisbon time');
    expect(timeZoneInWords('America/Mexico_City')).not.toContain('/');
  });
});
