import { z } from 'zod';
import { devParamsRequestSchema, type DevParamsRequest, type Profile } from '@rankmaps/shared/schemas/profile';

/** The panel's numbers: anything that is not a number becomes 0 (docs/product.md §5). */
export function toWholeNumber(raw: unknown): number {
  const n = typeof raw === 'number' ? raw : typeof raw === 'string' ? Number.parseInt(raw.trim(), 10) : NaN;
  return Number.isFinite(n) ? Math.trunc(n) : 0;
}

const limits = devParamsRequestSchema.shape.planLimits.shape;
/** A text input read as a whole number, then held to the shared rule for that field. */
const numberInput = <T extends z.ZodType<number, number>>(rule: T) => z.union([z.string(), z.number()]).transform(toWholeNumber).pipe(rule);

/** The panel's fields, one per input, each checked by the server's own rule (min -1 or 0, max). */
export const devParamsFormSchema = z.object({
  type: limits.type,
  places: numberInput(limits.places),
  keywords: numberInput(limits.keywords),
  credits: numberInput(limits.credits),
  subscriptionCredits: numberInput(devParamsRequestSchema.shape.subscriptionCredits),
  extraCredits: numberInput(devParamsRequestSchema.shape.extraCredits),
});

export type DevParamsFormValues = z.input<typeof devParamsFormSchema>;
export type DevParamsFormOutput = z.output<typeof devParamsFormSchema>;

/** PUT /user/dev-params body from the checked fields. */
export function toDevParamsRequest({
  type,
  places,
  keywords,
  credits,
  subscriptionCredits,
  extraCredits,
}: DevParamsFormOutput): DevParamsRequest {
  return { planLimits: { type, places, keywords, credits }, subscriptionCredits, extraCredits };
}

/** docs/product.md §9 defaults (basic, 1 place, 3 keywords, 0 credits); the balances start at the current ones. */
export function devParamsDefaults(profile: Pick<Profile, 'subscriptionCredits' | 'extraCredits'>): DevParamsFormValues {
  return {
    type: 'basic',
    places: '1',
    keywords: '3',
    credits: '0',
    subscriptionCredits: String(profile.subscriptionCredits),
    extraCredits: String(profile.extraCredits),
  };
}
