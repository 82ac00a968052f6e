import { z } from 'zod';
import { EMAIL_MAX_LENGTH } from '../constants';
import { type ValidationKey, v } from '../messages';
import { nameSchema } from './auth';
import { isSpain, isValidPostalCodeFor, isValidTaxIdFor } from '../validators/billing-address';

export const planTypeSchema = z.enum(['basic', 'pro', 'free']);

export const planLimitsSchema = z.object({
  type: planTypeSchema,
  places: z.number().int(),
  keywords: z.number().int(),
  weeklyScans: z.number().int(),
  gridSize: z.number().int(),
  credits: z.number().int(),
});
export type PlanLimits = z.infer<typeof planLimitsSchema>;

export const billingDataSchema = z.object({
  type: z.enum(['personal', 'business']),
  fiscalName: z.string(),
  taxId: z.string(),
  address: z.string(),
  postalCode: z.string(),
  city: z.string(),
  province: z.string(),
  country: z.string(),
  phone: z.string().optional(),
  email: z.string().optional(),
});
export type BillingData = z.infer<typeof billingDataSchema>;

/** The docs/product.md §3 profile, as GET /api/user/profile returns it. */
export const profileSchema = z.object({
  _id: z.string(),
  name: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string(),
  profilePicture: z.string().nullable(),
  mail_confirmed: z.boolean(),
  currentPlan: z.string(),
  subscriptionStatus: z.string().nullable(),
  options: z.array(z.object({ key: z.string(), value: z.string() })),
  billingData: billingDataSchema.nullable(),
  places: z.array(z.object({ _id: z.string() })),
  activePlaceId: z.string().nullable(),
  planLimits: planLimitsSchema,
  subscriptionCredits: z.number().int(),
  extraCredits: z.number().int(),
});
export type Profile = z.infer<typeof profileSchema>;

// ---------------------------------------------------------------------------------------
// PUT /api/user (multipart): name, options, and profilePictureOld or a file profilePicture.

/** Profile pictures: one image of at most 2 MB (docs/product.md §5, docs/product.md §9). */
export const PROFILE_PICTURE_MAX_MB = 2;
export const PROFILE_PICTURE_MAX_BYTES = PROFILE_PICTURE_MAX_MB * 1024 * 1024;
/** The formats the server accepts, detected from the file's bytes (for the input's `accept`). */
export const PROFILE_PICTURE_ACCEPT = 'image/jpeg,image/png,image/webp,image/gif,image/avif';
/** The spec's messages (docs/product.md §5), with the uploaded file's name. */
export const profilePictureTooLargeMessage = (file: string) => `El archivo ${file} excede los ${PROFILE_PICTURE_MAX_MB} MB.`;
export const profilePictureInvalidMessage = (file: string) => `El archivo ${file} no es una imagen válida.`;

export const PROFILE_OPTION_KEYS = ['age', 'gender'] as const;
export type ProfileOptionKey = (typeof PROFILE_OPTION_KEYS)[number];
export const GENDERS = ['male', 'female', 'other'] as const;
/** Sign-up is for people aged 16 or over (docs/decisions.md §22.5). */
export const AGE_MIN = 16;
export const AGE_MAX = 120;

/** Age as the form holds it: '' (none) or a whole number 16–120, given as text or number. */
export const ageValueSchema = z
  .union([z.string(), z.number()], v('ageInvalid'))
  .transform((x) => String(x).trim())
  .refine((s) => s === '' || (/^\d{1,3}$/.test(s) && Number(s) >= AGE_MIN && Number(s) <= AGE_MAX), v('ageInvalid'))
  .transform((s) => (s === '' ? '' : String(Number(s))));

/** Gender: '' (none), male, female or other. */
export const genderValueSchema = z
  .string(v('genderInvalid'))
  .trim()
  .refine((s) => s === '' || (GENDERS as readonly string[]).includes(s), v('genderInvalid'));

const profileOptionInputSchema = z.discriminatedUnion(
  'key',
  [z.object({ key: z.literal('age'), value: ageValueSchema }), z.object({ key: z.literal('gender'), value: genderValueSchema })],
  v('profileOptionUnknown'),
);

/**
 * The options list (docs/product.md §3): only age and gender. An empty value removes the option;
 * a repeated key keeps its last value. The result is what the profile stores.
 */
export const profileOptionsSchema = z
  .array(profileOptionInputSchema, v('profileOptionsInvalid'))
  .max(10, v('profileOptionsInvalid'))
  .transform((list) => {
    const byKey = new Map<ProfileOptionKey, string>();
    for (const { key, value } of list) byKey.set(key, value);
    return PROFILE_OPTION_KEYS.flatMap((key) => {
      const value = byKey.get(key);
      return value ? [{ key, value }] : [];
    });
  });

/** The multipart field `options`: the list above as a JSON string. */
export const profileOptionsFieldSchema = z
  .string(v('profileOptionsInvalid'))
  .max(2000, v('profileOptionsInvalid'))
  .transform((text, ctx) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: v('profileOptionsInvalid') });
      return z.NEVER;
    }
  })
  .pipe(profileOptionsSchema);

/**
 * The text fields of PUT /api/user. `options` absent leaves the stored options as they are.
 * `profilePictureOld` only says "keep the current picture": the server never takes a
 * picture URL from the client. The file travels as the part `profilePicture`.
 */
export const updateProfileFieldsSchema = z.object({
  name: nameSchema,
  options: profileOptionsFieldSchema.optional(),
  profilePictureOld: z.string().max(2048).optional(),
});
export type UpdateProfileFields = z.input<typeof updateProfileFieldsSchema>;

/** The personal-info form (docs/product.md §5): name required, age a number, gender or empty. */
export const profileFormSchema = z.object({ name: nameSchema, age: ageValueSchema, gender: genderValueSchema });
export type ProfileFormValues = z.input<typeof profileFormSchema>;

/** The options to send for the form's values: only non-empty age and gender (docs/product.md §5). */
export function profileOptionsFromForm(values: { age: string | number; gender: string }): { key: ProfileOptionKey; value: string }[] {
  const age = String(values.age).trim();
  const gender = values.gender.trim();
  return [...(age ? [{ key: 'age' as const, value: age }] : []), ...(gender ? [{ key: 'gender' as const, value: gender }] : [])];
}

// ---------------------------------------------------------------------------------------
// PUT /api/user/billing

const requiredText = (key: ValidationKey, max: number) => z.string(v(key)).trim().min(1, v(key)).max(max, v('tooLong'));
/** Optional text: null, undefined and '' all mean "not given"; anything else must pass `schema`. */
const optionalText = (key: ValidationKey, schema: z.ZodType<string, string>) =>
  z
    .union([z.string(), z.null()], v(key))
    .optional()
    .transform((raw, ctx) => {
      const text = (raw ?? '').trim();
      if (!text) return undefined;
      const parsed = schema.safeParse(text);
      if (parsed.success) return parsed.data;
      for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', message: issue.message });
      return z.NEVER;
    });

const PHONE_PATTERN = /^\+?[0-9][0-9 ().-]{4,28}[0-9]$/;

/**
 * Billing data as the form sends it (docs/product.md §3, docs/product.md §5). Required: fiscalName (Razón Social /
 * Nombre Completo), taxId (CIF / NIF/DNI), address, postalCode, city, province, country.
 * Phone and e-mail are optional; an empty billing e-mail means the account's e-mail.
 */
export const billingDataInputSchema = z
  .object({
    type: z.enum(['personal', 'business'], v('billingTypeInvalid')),
    fiscalName: requiredText('fiscalNameRequired', 200),
    taxId: requiredText('taxIdRequired', 32),
    address: requiredText('addressRequired', 300),
    postalCode: requiredText('postalCodeRequired', 16),
    city: requiredText('cityRequired', 100),
    province: requiredText('provinceRequired', 100),
    country: requiredText('countryRequired', 100),
    phone: optionalText('phoneInvalid', z.string().regex(PHONE_PATTERN, v('phoneInvalid'))),
    email: optionalText(
      'emailInvalid',
      z
        .string()
        .max(EMAIL_MAX_LENGTH, v('tooLong'))
        .pipe(z.email(v('emailInvalid')))
        .transform((e) => e.toLowerCase()),
    ),
  })
  .superRefine((data, ctx) => {
    // The tax id and postal code are checked against the country (Spain exactly, others by shape).
    const spain = isSpain(data.country);
    if (!isValidTaxIdFor(data.country, data.taxId))
      ctx.addIssue({ code: 'custom', path: ['taxId'], message: v(spain ? 'taxIdInvalidSpain' : 'taxIdInvalid') });
    if (!isValidPostalCodeFor(data.country, data.postalCode))
      ctx.addIssue({ code: 'custom', path: ['postalCode'], message: v(spain ? 'postalCodeInvalidSpain' : 'postalCodeInvalid') });
  });
export type BillingDataInput = z.input<typeof billingDataInputSchema>;

export const updateBillingRequestSchema = z.object({ billingData: billingDataInputSchema });
export type UpdateBillingRequest = z.input<typeof updateBillingRequestSchema>;

// ---------------------------------------------------------------------------------------
// PUT /api/user/dev-params (only while developer tools are enabled)

export const DEV_LIMIT_MAX = 100_000;
export const DEV_CREDITS_MAX = 1_000_000;
const wholeNumber = (min: number, max: number, key: ValidationKey) => z.number(v(key)).int(v(key)).min(min, v(key)).max(max, v(key));

export const devParamsRequestSchema = z.object({
  planLimits: z.object({
    type: z.enum(['basic', 'pro', 'free'], v('planTypeInvalid')),
    /** -1 means unlimited. */
    places: wholeNumber(-1, DEV_LIMIT_MAX, 'devPlacesInvalid'),
    keywords: wholeNumber(0, DEV_LIMIT_MAX, 'devKeywordsInvalid'),
    credits: wholeNumber(0, DEV_CREDITS_MAX, 'devCreditsInvalid'),
  }),
  subscriptionCredits: wholeNumber(0, DEV_CREDITS_MAX, 'devSubscriptionCreditsInvalid'),
  extraCredits: wholeNumber(0, DEV_CREDITS_MAX, 'devExtraCreditsInvalid'),
});
export type DevParamsRequest = z.infer<typeof devParamsRequestSchema>;
