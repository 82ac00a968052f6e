import { readFileSync } from 'node:fs';
import path from 'node:path';
import { CAMPAIGN_FREQUENCIES, FREQUENCY_LABELS } from '@rankmaps/shared/schemas/campaigns';
import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { type CampaignTimingFields, scheduleText } from './schedule-text';

const locale = (lang: string) =>
  JSON.parse(readFileSync(path.join(import.meta.dirname, `../../../locales/${lang}/campaigns.json`), 'utf8')) as Record<string, unknown>;
const i18n = i18next.createInstance();
beforeAll(() =>
  i18n.init({
    showSupportNotice: false,
    lng: 'es',
    resources: { es: { campaigns: locale('es') }, en: { campaigns: locale('en') } },
    ns: ['campaigns'],
    defaultNS: 'campaigns',
    interpolation: { escapeValue: false },
  }),
);

const at = (c: Partial<CampaignTimingFields>, lang = 'es') =>
  scheduleText(
    { frequency: 'daily', day: null, date: null, hour: 9, window: null, ...c },
    (key, values) => i18n.getFixedT(lang, 'campaigns')(key, values),
    lang,
  );

describe('the schedule sentence', () => {
  it('when a campaign runs on each frequency, then the sentence says when, on the place’s clock', () => {
    expect(at({ frequency: 'weekly', day: 3, hour: 18 })).toBe('Cada semana, miércoles a las 18:00');
    expect(at({ frequency: 'biweekly', day: 0, hour: 7 })).toBe('Cada dos semanas, domingo a las 07:00');
    expect(at({ frequency: 'monthly', day: 28, hour: 0 })).toBe('Cada mes, el día 28 a las 00:00');
    expect(at({ frequency: 'once', date: '2026-12-01', hour: 10 })).toBe('Una vez, el 1 de diciembre de 2026 a las 10:00');
    expect(at({ frequency: 'daily', hour: 9, window: { start: 9, end: 12 } })).toBe('Cada día a las 09:00, entre las 09:00 y las 12:00');
  });

  it('when it is written in Spanish, then each frequency starts with the API’s own label', () => {
    for (const frequency of CAMPAIGN_FREQUENCIES) {
      expect(at({ frequency, day: frequency === 'monthly' ? 1 : 2, date: '2026-12-01' }).startsWith(FREQUENCY_LABELS[frequency])).toBe(
        true,
      );
      expect((locale('es').editor as { frequencies: Record<string, string> }).frequencies[frequency]).toBe(FREQUENCY_LABELS[frequency]);
    }
  });

  it('when the interface is in English, then the sentence is English', () => {
    expect(at({ frequency: 'weekly', day: 1, hour: 8, window: { start: 8, end: 24 } }, 'en')).toBe(
      'Every week, Monday at 08:00, between 08:00 and 24:00',
    );
  });
});
