import { z } from 'zod';

/** Public, non-secret settings the SPA needs at start (GET /api/config). */
export const publicConfigSchema = z.object({
  captcha: z.discriminatedUnion('provider', [
    z.object({ provider: z.literal('altcha') }),
    z.object({ provider: z.literal('recaptcha'), siteKey: z.string() }),
  ]),
  googleClientId: z.string().nullable(),
  /** Developer tools on (DEV_TOOLS=true): the development parameters, the dev triggers, the sandbox checkout. */
  devTools: z.boolean(),
  /** Whether this client may read the mail outbox: developer tools on and a request from the server's own machine. */
  devOutbox: z.boolean(),
  contactEmail: z.string(),
  contactPhone: z.string(),
  /** Services running on their local implementation (rank data, business search, payments, e-mail). */
  demo: z.object({ maps: z.boolean(), places: z.boolean(), payments: z.boolean(), email: z.boolean() }),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;
