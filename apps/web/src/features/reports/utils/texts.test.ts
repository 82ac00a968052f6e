import { describe, expect, it } from 'vitest';
import { fill, reportTexts } from './texts';

describe('report texts', () => {
  it('when a template is filled, then every placeholder is replaced and the rest kept', () => {
    expect(fill(reportTexts.gridValue, { size: 7, radius: '1,5' })).toBe('7 × 7 puntos, radio de 1,5 km');
    expect(fill('{{a}} y {{b}}', { a: 1 })).toBe('1 y ');
  });
});
