import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cheapestPlanFor } from '@rankmaps/shared/plan-upgrade';
import { availabilityText, upgradeNeedText } from './upgrade-text';

const es = JSON.parse(readFileSync(path.join(import.meta.dirname, '../locales/es/common.json'), 'utf8')) as { upgrade: Record<string, string> };

/** The Spanish text as i18next would interpolate it. */
const spanish = (text: ReturnType<typeof availabilityText>) =>
  text ? (es.upgrade[text.key.replace('upgrade.', '')] ?? '').replace('{{plan}}', text.values.plan ?? '') : null;

describe('upgrade texts', () => {
  it('when Premium allows the action, then the label and the need name Premium', () => {
    const target = cheapestPlanFor({ kind: 'gridSize', size: 11 }, 'profesional');
    expect(spanish(availabilityText(target))).toBe('Disponible desde Premium');
    expect(spanish(upgradeNeedText(target))).toBe('el plan Premium');
  });

  it('when only agency plans allow it, then they are named as a whole, never "Pro"', () => {
    const target = cheapestPlanFor({ kind: 'radius', radius: 3000 }, 'basico');
    expect(spanish(availabilityText(target))).toBe('Disponible en planes para agencias');
    expect(spanish(upgradeNeedText(target))).toBe('un plan para agencias');
  });

  it('when no plan allows it, then there is no text', () => {
    const target = cheapestPlanFor({ kind: 'gridSize', size: 27 }, 'pro_enterprise');
    expect(availabilityText(target)).toBeNull();
    expect(upgradeNeedText(target)).toBeNull();
  });

  it('has no "Pro" in any upgrade text', () => {
    expect(Object.values(es.upgrade).some((s) => /\bPro\b/.test(s))).toBe(false);
  });
});
