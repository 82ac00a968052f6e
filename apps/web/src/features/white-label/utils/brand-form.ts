import {
  HEX_COLOUR,
  contrastWithWhite,
  darkenForWhiteText,
  reportBrandSettingsBodySchema,
  type ReportBrandSettings,
  type ReportBrandSettingsInput,
} from '@rankmaps/shared/schemas/report-brand';

/** The form as typed: the accent's hex text may be half-written. */
export interface BrandFormValues {
  name: string;
  accent: string;
  contact: string;
  footer: string;
  hidePoweredBy: boolean;
}

export type BrandField = 'name' | 'accent' | 'contact' | 'footer';

export function brandFormValues(saved: ReportBrandSettings): BrandFormValues {
  return { name: saved.name ?? '', accent: saved.accent, contact: saved.contact ?? '', footer: saved.footer ?? '', hidePoweredBy: saved.hidePoweredBy };
}

/**
 * The PUT body, or the fields' messages (catalogue keys 'v:…', as the server would answer).
 * «Hecho con RankMaps» is only sent as removed where the plan allows it.
 */
export function brandBody(values: BrandFormValues, canHidePoweredBy: boolean): { body: ReportBrandSettingsInput } | { errors: Partial<Record<BrandField, string>> } {
  const body: ReportBrandSettingsInput = {
    name: values.name,
    accent: values.accent,
    contact: values.contact || null,
    footer: values.footer || null,
    hidePoweredBy: canHidePoweredBy && values.hidePoweredBy,
  };
  const parsed = reportBrandSettingsBodySchema.safeParse(body);
  if (parsed.success) return { body };
  const errors: Partial<Record<BrandField, string>> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as BrandField;
    errors[field] ??= issue.message;
  }
  return { errors };
}

/** What the colour fields say about white text on the accent: nothing while it is readable or not a colour yet. */
export function accentAdvice(accent: string): { ratio: number; darker: string } | null {
  if (!HEX_COLOUR.test(accent)) return null;
  const ratio = contrastWithWhite(accent);
  return ratio >= 4.5 ? null : { ratio: Math.floor(ratio * 10) / 10, darker: darkenForWhiteText(accent.toLowerCase()) };
}
