import { z } from 'zod';

/** Every error the API returns has this shape. `error` is a Spanish sentence for the user. */
export const errorResponseSchema = z
  .object({
    error: z.string(),
    errorType: z.string().optional(),
    code: z.string().optional(),
  })
  // One component in the API references, which every error answer points to.
  .meta({ id: 'ErrorResponse', description: 'Un error: `error` es una frase en español para el usuario; `code`, un código estable para programas.' });
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

export const messageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;

/**
 * An object of whole-number counts under `keys`, in that order: the totals and tallies answers
 * carry (an import's rows by state, a comparison's points by movement).
 */
export function countsSchema<const K extends string>(...keys: K[]) {
  return z.object(Object.fromEntries(keys.map((key) => [key, z.number().int()])) as Record<K, z.ZodNumber>);
}

/** What the user's plan allows of a plan-gated feature (API keys, webhooks), next to its list. */
export const planAllowanceFields = {
  allowed: z.boolean(),
  /** «Disponible desde …» when the plan does not allow the feature. */
  upgradeLabel: z.string().nullable(),
};

/** Who a ticket, chat or video call is from, as the operator's inbox shows it. */
export const customerFields = { customerName: z.string(), customerEmail: z.string() };
