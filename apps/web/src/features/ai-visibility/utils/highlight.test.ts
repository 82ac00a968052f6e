import { describe, expect, it } from 'vitest';
import { highlightAnswer } from './highlight';

describe('highlightAnswer', () => {
  it('marks ours and the competitors apart, whatever the case and accents', () => {
    const pieces = highlightAnswer('Te recomiendo la clinica dental sol y también Dentalia Centro.', [
      { name: 'Clínica Dental Sol', isTarget: true },
      { name: 'Dentalia Centro', isTarget: false },
    ]);
    expect(pieces).toEqual([
      { text: 'Te recomiendo la ', mark: null },
      { text: 'clinica dental sol', mark: 'target' },
      { text: ' y también ', mark: null },
      { text: 'Dentalia Centro', mark: 'competitor' },
      { text: '.', mark: null },
    ]);
  });

  it('prefers the longer name where two overlap', () => {
    const pieces = highlightAnswer('Clínica Sol Norte abre hoy', [
      { name: 'Clínica Sol', isTarget: true },
      { name: 'Clínica Sol Norte', isTarget: false },
    ]);
    expect(pieces[0]).toEqual({ text: 'Clínica Sol Norte', mark: 'competitor' });
  });

  it('leaves a text that names nobody as one plain piece', () => {
    expect(highlightAnswer('No conozco ninguna.', [{ name: 'Dentalia', isTarget: false }])).toEqual([{ text: 'No conozco ninguna.', mark: null }]);
  });
});
