import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DAYS_PER_MONTH, PACE_MIN_POINTS, PACE_WINDOW_DAYS } from '@rankmaps/shared/review-pace/pace';

// docs/metrics.md §13 publishes the window and the minimum: a change here is a change there.
const doc = readFileSync(path.join(import.meta.dirname, '../../../docs/metrics.md'), 'utf8');
const section = doc.slice(doc.indexOf('## 13. Ritmo de reseñas')).replace(/\s+/g, ' ');

describe('docs/metrics.md §13 states the constants the code uses', () => {
  it('has the section', () => {
    expect(section.startsWith('## 13. Ritmo de reseñas')).toBe(true);
  });

  it.each([`**últimos ${PACE_WINDOW_DAYS} días**`, `menos de **${PACE_MIN_POINTS} días**`, `multiplica por ${String(DAYS_PER_MONTH).replace('.', ',')}`])('%s', (text) => {
    expect(section).toContain(text);
  });
});
