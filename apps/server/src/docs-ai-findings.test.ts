import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { AI_FINDINGS_MAX, AI_HALF_MIN_ANSWERS, aiFindings } from '@rankmaps/shared/ai-findings';
import { proportion } from '@rankmaps/shared/ai-metrics';

// docs/metrics.md §12 «Hallazgo: dónde te nombra la IA» publishes the AI findings rule: its
// thresholds and its worked example are computed here by the code, so a change in one is a
// change in the other.
const metricsDoc = readFileSync(path.join(import.meta.dirname, '../../../docs/metrics.md'), 'utf8');
const start = metricsDoc.indexOf('### Hallazgo: dónde te nombra la IA');
const section = metricsDoc.slice(start, metricsDoc.indexOf('\n## ', start)).replace(/\s+/g, ' ');

describe('docs/metrics.md §12 states the AI findings rule the code uses', () => {
  it('has the section, with the thresholds of the code', () => {
    expect(start).toBeGreaterThan(0);
    expect(section).toContain(`**${AI_HALF_MIN_ANSWERS} respuestas que nombran algún negocio**`);
    expect(section).toContain(`**${AI_FINDINGS_MAX} hallazgos**`);
    expect(section).toContain('**los dos intervalos no se solapan**');
  });

  it('computes the worked example: 18 of 30 in the north, 3 of 30 in the south, 11 of 30 east and west', () => {
    // 5×5, row 0 the northernmost; 3 samples, every answer naming some business.
    const north = [2, 2, 1, 2, 2, 2, 2, 1, 2, 2];
    const south = [1, 0, 0, 0, 1, 0, 0, 1, 0, 0];
    const centreRow = [1, 1, 1, 1, 1];
    const named = [...north, ...centreRow, ...south];
    const grid = named.map((_, index) => ({ index, lat: 36.72 + (2 - Math.floor(index / 5)) * 0.01, lng: -4.42 + ((index % 5) - 2) * 0.01 }));
    const points = named.map((k, point) => ({ point, share: proportion(k, 3), mentioned: k > 0, wide: true }));
    const east = points.filter((p) => p.point % 5 > 2).reduce((a, p) => a + p.share.k, 0);
    const west = points.filter((p) => p.point % 5 < 2).reduce((a, p) => a + p.share.k, 0);
    expect([east, west]).toEqual([11, 11]);
    const [finding, ...more] = aiFindings([{ id: 'google-ai-mode', label: 'Google AI Mode', points }], grid, { lat: 36.72, lng: -4.42 });
    expect(more).toEqual([]);
    expect(section).toContain(`«${finding!.text.replaceAll('\u00a0', ' ')}»`);
  });
});
