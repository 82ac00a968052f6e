import catalogue from '@/locales/es/reports.json';

/**
 * The report's texts. A report is a Spanish document (docs/reports.md), and the share page
 * runs without i18next to stay small, so its components read the Spanish catalogue directly;
 * the catalogue is the same file i18n loads, so its vocabulary is checked with the rest.
 */
export const reportTexts = catalogue.view;
export const REPORT_LANGUAGE = 'es';

/** Replaces each {{name}} of a catalogue text. */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_m, name: string) => String(values[name] ?? ''));
}
