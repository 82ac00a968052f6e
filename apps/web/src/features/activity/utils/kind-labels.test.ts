import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ACTIVITY_KINDS, ACTIVITY_KIND_LABELS } from '@rankmaps/shared/schemas/activity';

describe('the activity kinds on screen', () => {
  it('are named in Spanish as the CSV names them', () => {
    const catalogue = JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../../../locales/es/activity.json'), 'utf8')) as {
      kinds: Record<string, string>;
    };
    expect(Object.keys(catalogue.kinds).sort()).toEqual([...ACTIVITY_KINDS].sort());
    for (const kind of ACTIVITY_KINDS) expect(catalogue.kinds[kind]).toBe(ACTIVITY_KIND_LABELS[kind]);
  });
});
