import { describe, expect, it } from 'vitest';
import { asciiSlug, csvNumber, csvText, isoDateIn, toCsv } from '../../lib/csv';
import { exportFilename } from './rankmap-csv';

describe('csvText', () => {
  it('leaves plain text alone, accents included', () => {
    expect(csvText('Clínica Dental Sonrisa, Málaga')).toBe('Clínica Dental Sonrisa, Málaga');
  });

  it('quotes a field holding the separator, a quote or a line break, doubling its quotes', () => {
    expect(csvText('Bar; Tapas')).toBe('"Bar; Tapas"');
    expect(csvText('El "Rincón"')).toBe('"El ""Rincón"""');
    expect(csvText('Calle Larios 1\nMálaga')).toBe('"Calle Larios 1\nMálaga"');
    expect(csvText('a\r\nb')).toBe('"a\r\nb"');
  });

  it('puts an apostrophe before what a spreadsheet would run as a formula', () => {
    expect(csvText('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`);
    expect(csvText('+34 600 000 000')).toBe("'+34 600 000 000");
    expect(csvText('-2+3')).toBe("'-2+3");
    expect(csvText('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvText('\t=1')).toBe("'\t=1");
    expect(csvText('\r=1')).toBe(`"'\r=1"`);
    expect(csvText('+20')).toBe("'+20");
    // Only the start counts.
    expect(csvText('Dental 3=3')).toBe('Dental 3=3');
  });
});

describe('csvNumber', () => {
  it('writes decimals with a comma, no exponent, no trailing zeros', () => {
    expect(csvNumber(43.75)).toBe('43,75');
    expect(csvNumber(36.7213)).toBe('36,7213');
    expect(csvNumber(-4.4214)).toBe('-4,4214');
    expect(csvNumber(12)).toBe('12');
    expect(csvNumber(-0)).toBe('0');
    expect(csvNumber(0.0000001)).toBe('0,0000001');
    expect(csvNumber(16.67)).toBe('16,67');
    expect(csvNumber(Number.NaN)).toBe('');
    expect(csvNumber(Number.POSITIVE_INFINITY)).toBe('');
  });
});

describe('toCsv', () => {
  it('starts with the byte-order mark and ends every line with CRLF; numbers are never neutralised', () => {
    expect(toCsv(['a', 'b'], [[1.5, 'x'], [-4.42, null]])).toBe('\uFEFFa;b\r\n1,5;x\r\n-4,42;\r\n');
  });
});

describe('file names', () => {
  it('are ASCII, from the keyword, dated in the place’s time zone', () => {
    expect(asciiSlug('Clínica dental «24h»; Málaga', 'keyword')).toBe('clinica-dental-24h-malaga');
    expect(asciiSlug('Peluquería niño', 'keyword')).toBe('peluqueria-nino');
    expect(asciiSlug('¿¡!?', 'keyword')).toBe('keyword');
    expect(asciiSlug('a'.repeat(100), 'keyword')).toHaveLength(60);
    // 23:30 UTC on 21 November is already 22 November in Madrid.
    const late = new Date('2026-11-21T23:30:00Z');
    expect(isoDateIn(late, 'Europe/Madrid')).toBe('2026-11-22');
    expect(isoDateIn(late, 'America/New_York')).toBe('2026-11-21');
    expect(isoDateIn(late, 'Not/AZone')).toBe('2026-11-21');
    expect(exportFilename('Dentista Málaga', late, 'Europe/Madrid', 'puntos')).toBe('rankmap-dentista-malaga-2026-11-22-puntos.csv');
  });
});
