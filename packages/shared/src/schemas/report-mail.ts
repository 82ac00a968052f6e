import { z } from 'zod';
import { emailSchema } from './auth';

// Scheduled report e-mails (issue 17, docs/reports.md "Scheduled report e-mails"): a place's
// client recipients, confirmed by a link, and when they get the place report.

/** At most this many recipients per place. */
export const MAX_REPORT_RECIPIENTS = 10;

export const REPORT_RECIPIENT_STATES = ['pending', 'confirmed', 'bounced', 'unsubscribed'] as const;
export type ReportRecipientState = (typeof REPORT_RECIPIENT_STATES)[number];

/** The badge each state shows on the business page. */
export const REPORT_RECIPIENT_STATE_LABELS: Record<ReportRecipientState, string> = {
  pending: 'Pendiente de confirmar',
  confirmed: 'Confirmado',
  bounced: 'Rebotado',
  unsubscribed: 'Baja',
};

export const reportRecipientSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string().nullable(),
  state: z.enum(REPORT_RECIPIENT_STATES),
  createdAt: z.string(),
  confirmedAt: z.string().nullable(),
});
export type ReportRecipient = z.infer<typeof reportRecipientSchema>;

export const reportRecipientsResponseSchema = z.object({ recipients: z.array(reportRecipientSchema), max: z.number().int() });
export type ReportRecipientsResponse = z.infer<typeof reportRecipientsResponseSchema>;

export const addReportRecipientRequestSchema = z.object({
  email: emailSchema,
  name: z
    .string('El nombre debe ser un texto.')
    .trim()
    .max(100, 'El nombre puede tener como mucho 100 caracteres.')
    .nullish()
    .transform((n) => (n ? n : null)),
});
export type AddReportRecipientRequest = z.input<typeof addReportRecipientRequestSchema>;

export const reportRecipientParamsSchema = z.object({
  id: z.string().max(100, 'Lugar no encontrado.'),
  recipientId: z.string().max(100, 'Destinatario no encontrado.'),
});

/** off (the default), after each weekly round of the place's keywords, or monthly on `monthDay` (1–28). */
export const REPORT_SCHEDULE_MODES = ['off', 'weekly', 'monthly'] as const;
export type ReportScheduleMode = (typeof REPORT_SCHEDULE_MODES)[number];

export const reportScheduleSchema = z
  .object({
    mode: z.enum(REPORT_SCHEDULE_MODES, 'Elige cuándo enviar el informe: desactivado, después de cada escaneo semanal o mensual.'),
    monthDay: z
      .number('El día del mes debe ser un número entero entre 1 y 28.')
      .int('El día del mes debe ser un número entero entre 1 y 28.')
      .min(1, 'El día del mes debe ser un número entero entre 1 y 28.')
      .max(28, 'El día del mes debe ser un número entero entre 1 y 28.')
      .nullable(),
  })
  .refine((s) => s.mode !== 'monthly' || s.monthDay !== null, { message: 'Elige el día del mes (1 a 28) para el envío mensual.', path: ['monthDay'] });
export type ReportSchedule = z.infer<typeof reportScheduleSchema>;

/** The public confirmation and unsubscribe links: `?token=…`. */
export const reportRecipientTokenQuerySchema = z.object({
  token: z.string('Falta el enlace.').min(1, 'Falta el enlace.').max(200, 'El enlace no es válido.'),
});
