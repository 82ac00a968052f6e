import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DECAY_MIN_PLACES_OVER_RADIUS, DECAY_MIN_POINTS, DECAY_MIN_R2 } from '@rankmaps/shared/report-insights/decay';
import { MAX_INSIGHTS } from '@rankmaps/shared/report-insights/index';
import { RING_EDGE_TOLERANCE, RING_MIN_POINTS, RING_MIN_SHARE_GAP } from '@rankmaps/shared/report-insights/rings';
import { SECTOR_MIN_POINTS, SECTOR_MIN_POSITION_GAP, SECTOR_MIN_SHARE_GAP } from '@rankmaps/shared/report-insights/sectors';
import { ZONE_MAX_FINDINGS, ZONE_MAX_OUR_SHARE, ZONE_MIN_LEADER_SHARE } from '@rankmaps/shared/report-insights/zone-leader';

// docs/metrics.md §11 publishes the thresholds to customers: a change here is a change there.
const metricsDoc = readFileSync(path.join(import.meta.dirname, '../../../docs/metrics.md'), 'utf8');
// Compared with the line breaks folded into spaces, so rewrapping the text does not matter.
const section = metricsDoc.slice(metricsDoc.indexOf('## 11. Hallazgos de los informes')).replace(/\s+/g, ' ');

describe('docs/metrics.md §11 states the thresholds the code uses', () => {
  it('has the section', () => {
    expect(section.startsWith('## 11. Hallazgos de los informes')).toBe(true);
  });

  it.each([
    [`**${SECTOR_MIN_POINTS} puntos válidos**`, 'sector and ring minimum'],
    [`**${SECTOR_MIN_SHARE_GAP} puntos porcentuales o más**`, 'Local Pack gap'],
    [`**${SECTOR_MIN_POSITION_GAP} puestos o más**`, 'position gap'],
    [`**${DECAY_MIN_POINTS} puntos válidos**`, 'slope points'],
    [`**${DECAY_MIN_PLACES_OVER_RADIUS} puestos a lo largo del radio**`, 'slope size'],
    [`**${DECAY_MIN_R2 * 100} %**`, 'R²'],
    [`**${ZONE_MAX_OUR_SHARE} % de los puntos o menos**`, 'our share in a led sector'],
    ['**la mitad de los puntos del sector o más**', 'leader share'],
    [`**${ZONE_MAX_FINDINGS} competidores**`, 'leaders named'],
    [`Nunca hay más de **${MAX_INSIGHTS}**`, 'cap'],
    [`${RING_EDGE_TOLERANCE * 100} % del radio`, 'ring edge'],
  ])('%s (%s)', (text) => {
    expect(section).toContain(text);
  });

  // The text says «3 puntos» and «40 puntos» once for both sectors and rings, and «la mitad».
  it('matches the constants the wording assumes', () => {
    expect([RING_MIN_POINTS, RING_MIN_SHARE_GAP, ZONE_MIN_LEADER_SHARE]).toEqual([SECTOR_MIN_POINTS, SECTOR_MIN_SHARE_GAP, 50]);
  });
});
