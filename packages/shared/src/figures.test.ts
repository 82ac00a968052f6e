import { describe, expect, it } from 'vitest';
import { changeVerdict, formatFigure, formatPercentage, formatSignedFigure } from './figures';

describe('changeVerdict', () => {
  it('calls a higher GeoRank or share better, a lower one worse', () => {
    expect(changeVerdict(4.2, 'higher')).toEqual({ verdict: 'better', amount: 4.2 });
    expect(changeVerdict(-3.14, 'higher')).toEqual({ verdict: 'worse', amount: 3.1 });
  });

  it('calls a higher position worse and a lower one better: for positions, lower is better', () => {
    expect(changeVerdict(1.26, 'lower')).toEqual({ verdict: 'worse', amount: 1.3 });
    expect(changeVerdict(-2, 'lower')).toEqual({ verdict: 'better', amount: 2 });
  });

  it('judges the change as shown: one that rounds to 0 is «sin cambios»', () => {
    expect(changeVerdict(0.04, 'higher')).toEqual({ verdict: 'same', amount: 0 });
    expect(changeVerdict(-0.04, 'lower')).toEqual({ verdict: 'same', amount: 0 });
    expect(changeVerdict(0.05, 'lower')).toEqual({ verdict: 'worse', amount: 0.1 });
  });
});

describe('figures as shown', () => {
  it('writes GeoRank, positions and indices to one decimal', () => {
    expect(formatFigure(47.25)).toBe('47,3');
    expect(formatFigure(9)).toBe('9');
    expect(formatFigure(-1.24)).toBe('−1,2');
    expect(formatFigure(1234.56, 'en-GB')).toBe('1,234.6');
  });

  it('writes percentages to one decimal', () => {
    expect(formatPercentage(38.44)).toBe('38,4\u00a0%');
    expect(formatPercentage(87.5, 'en-GB')).toBe('87.5%');
  });

  it('signs a change the way the app and the e-mails show it', () => {
    expect(formatSignedFigure(3.46)).toBe('+3,5');
    expect(formatSignedFigure(-1.2)).toBe('−1,2');
    expect(formatSignedFigure(0.02)).toBe('0');
  });
});
