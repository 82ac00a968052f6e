import { z } from 'zod';
import { relativeLuminance } from '../colour';
import { type ValidationKey, v } from '../messages';

// White-label (issue 17, docs/reports.md "White-label", docs/decisions.md §24.5): how an agency
// on a professional plan signs its reports. GET and PUT /api/report-brand carry these settings;
// the report itself carries the resolved `ReportBrand` of ./report.ts.

export const BRAND_NAME_MAX = 80;
export const BRAND_CONTACT_MAX = 120;
export const BRAND_FOOTER_MAX = 200;
/** White text on the accent (the report's header band) must reach WCAG AA for normal text. */
export const BRAND_MIN_CONTRAST = 4.5;
/** The logo is re-encoded as a PNG that fits within these bounds (never enlarged). */
export const BRAND_LOGO_MAX_WIDTH = 600;
export const BRAND_LOGO_MAX_HEIGHT = 200;
export const HEX_COLOUR = /^#[0-9a-f]{6}$/i;

/** WCAG 2 contrast ratio of white text on `hex` (1 to 21). */
export function contrastWithWhite(hex: string): number {
  return 1.05 / (relativeLuminance(hex) + 0.05);
}

/** Whether white text on `hex` is readable enough for the report's header (≥ 4.5:1). */
export const accentReadable = (hex: string) => HEX_COLOUR.test(hex) && contrastWithWhite(hex) >= BRAND_MIN_CONTRAST;

/**
 * The lightest shade of `hex` (the same hue, mixed towards black) on which white text reaches
 * 4.5:1; `hex` itself when it already does. The settings offer it when an accent is too light.
 */
export function darkenForWhiteText(hex: string): string {
  if (!HEX_COLOUR.test(hex)) return hex;
  const rgb = [0, 1, 2].map((i) => parseInt(hex.slice(1 + i * 2, 3 + i * 2), 16));
  const toHex = (f: number) => `#${rgb.map((c) => Math.round(c * f).toString(16).padStart(2, '0')).join('')}`;
  for (let step = 0; step <= 100; step++) {
    const candidate = toHex(1 - step / 100);
    if (contrastWithWhite(candidate) >= BRAND_MIN_CONTRAST) return candidate;
  }
  return '#000000';
}

/** An optional line of the brand (contact, footer): trimmed, at most `max` characters; empty is none (null). */
const optionalBrandLine = (max: number, key: ValidationKey) =>
  z
    .string(v(key))
    .trim()
    .max(max, v(key))
    .nullable()
    .transform((s) => s || null);

/** PUT /api/report-brand: the whole settings. The accent is stored lower-case. */
export const reportBrandSettingsBodySchema = z.strictObject(
  {
    name: z.string(v('brandNameInvalid')).trim().min(1, v('brandNameInvalid')).max(BRAND_NAME_MAX, v('brandNameInvalid')),
    accent: z
      .string(v('brandAccentInvalid'))
      .trim()
      .regex(HEX_COLOUR, v('brandAccentInvalid'))
      .transform((s) => s.toLowerCase())
      .refine(accentReadable, v('brandAccentTooLight')),
    contact: optionalBrandLine(BRAND_CONTACT_MAX, 'brandContactInvalid'),
    footer: optionalBrandLine(BRAND_FOOTER_MAX, 'brandFooterInvalid'),
    hidePoweredBy: z.boolean(v('brandPoweredByInvalid')),
  },
  v('brandSettingsInvalid'),
);
export type ReportBrandSettingsBody = z.infer<typeof reportBrandSettingsBodySchema>;
export type ReportBrandSettingsInput = z.input<typeof reportBrandSettingsBodySchema>;

/** GET, PUT and the logo routes' answer: what is saved, and what the user's plan allows now. */
export const reportBrandSettingsSchema = z.object({
  /** Null until the user saves once. */
  name: z.string().nullable(),
  accent: z.string(),
  contact: z.string().nullable(),
  footer: z.string().nullable(),
  hidePoweredBy: z.boolean(),
  /** The public URL of the re-encoded logo (PNG), or null. */
  logoUrl: z.string().nullable(),
  updatedAt: z.string().nullable(),
  /** The current plan is professional: the brand may be saved and signs the reports. */
  allowed: z.boolean(),
  /** The current plan is Enterprise: «Hecho con RankMaps» may be removed. */
  canHidePoweredBy: z.boolean(),
  /** Why not, in Spanish, when not allowed («Disponible en planes para agencias»). */
  upgradeLabel: z.string().nullable(),
  /** Why «Hecho con RankMaps» cannot be removed, when it cannot. */
  poweredByLabel: z.string().nullable(),
});
export type ReportBrandSettings = z.infer<typeof reportBrandSettingsSchema>;
