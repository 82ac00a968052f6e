import { z } from 'zod';

/** One stored e-mail as the developer outbox (GET /api/dev/mail) lists it. */
export const devMailItemSchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  kind: z.string(),
  status: z.enum(['queued', 'sent', 'failed']),
  createdAt: z.string(),
  /** Files sent with it (a report's PDF), each downloadable from `url` (GET /api/dev/mail/:id/attachments/:index). */
  attachments: z.array(z.object({ filename: z.string(), contentType: z.string(), size: z.number().int(), url: z.string() })).optional(),
});
export type DevMailItem = z.infer<typeof devMailItemSchema>;

export const devMailListSchema = z.object({ emails: z.array(devMailItemSchema) });
export type DevMailList = z.infer<typeof devMailListSchema>;
