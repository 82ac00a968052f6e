import { z } from 'zod';

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

/** The §3 profile, as GET /api/user/profile returns it. */
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
