import type { Campaign } from '@rankmaps/shared/schemas/campaigns';

/** The fields of a campaign that say when it runs. */
export type CampaignTimingFields = Pick<Campaign, 'frequency' | 'day' | 'date' | 'hour' | 'window'>;

/** The translate function of the `campaigns` namespace (i18next's `t`), as little as is used here. */
export type Translate = (key: string, values?: Record<string, string | number>) => string;

/** '09:00': a whole hour of the place's clock; 24 is the end of the day. */
export function hourText(hour: number): string {
  return `${String(hour).padStart(2, '0')}:00`;
}

/** '27 de noviembre de 2026' for a campaign's local date ('2026-11-27'), whatever the browser's zone. */
function localDateText(date: string, language: string): string {
  const at = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(at.getTime())) return date;
  return new Intl.DateTimeFormat(language.startsWith('en') ? 'en-GB' : 'es-ES', {
    timeZone: 'UTC',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  }).format(at);
}

/**
 * When a campaign runs, as one sentence on the place's clock (docs/workspace.md «Campañas»):
 * «Cada semana, miércoles a las 18:00, entre las 09:00 y las 12:00». The frequency's words are
 * FREQUENCY_LABELS' (a unit test holds them together).
 */
export function scheduleText(c: CampaignTimingFields, t: Translate, language: string): string {
  const hour = hourText(c.hour);
  const weekdays = t('schedule.weekdays').split(',');
  const when =
    c.frequency === 'once'
      ? t('schedule.once', { date: c.date ? localDateText(c.date, language) : '', hour })
      : c.frequency === 'weekly' || c.frequency === 'biweekly'
        ? t(`schedule.${c.frequency}`, { weekday: weekdays[c.day ?? 0] ?? '', hour })
        : c.frequency === 'monthly'
          ? t('schedule.monthly', { day: c.day ?? 1, hour })
          : t('schedule.daily', { hour });
  return c.window ? t('schedule.withWindow', { when, start: hourText(c.window.start), end: hourText(c.window.end) }) : when;
}
