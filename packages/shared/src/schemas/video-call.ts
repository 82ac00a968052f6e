import { z } from 'zod';
import { customerFields } from './common';

/**
 * Video calls with the support team (docs/support.md «Videollamada», docs/decisions.md §27.3).
 * Times travel as ISO 8601 instants; the server checks that one starts a free slot.
 */

export const VIDEO_TOPIC_MAX_LENGTH = 200;

export const VIDEO_START_INVALID = 'La hora de la videollamada no es válida: elige una de las horas libres.';
export const VIDEO_TOPIC_TOO_LONG = `El tema no puede tener más de ${VIDEO_TOPIC_MAX_LENGTH} caracteres.`;
export const VIDEO_TIME_ZONE_INVALID = 'La zona horaria no es válida.';
export const VIDEO_BOOKING_NOT_FOUND = 'Videollamada no encontrada.';

/** An instant with its offset ('2026-12-01T09:00:00.000Z', '2026-12-01T10:00:00+01:00'). */
const startSchema = z.iso.datetime({ offset: true, error: VIDEO_START_INVALID });

/** POST /api/general/support/video/bookings. */
export const videoBookingRequestSchema = z.object({
  start: startSchema,
  topic: z.string(VIDEO_TOPIC_TOO_LONG).trim().max(VIDEO_TOPIC_MAX_LENGTH, VIDEO_TOPIC_TOO_LONG).optional(),
  /** The browser's IANA zone, for the user's e-mails; Europe/Madrid when absent. */
  timeZone: z.string(VIDEO_TIME_ZONE_INVALID).max(64, VIDEO_TIME_ZONE_INVALID).optional(),
});
export type VideoBookingRequest = z.input<typeof videoBookingRequestSchema>;

/** PUT …/bookings/:id: the new time, atomically. */
export const videoMoveRequestSchema = z.object({ start: startSchema });
export type VideoMoveRequest = z.input<typeof videoMoveRequestSchema>;

export const videoBookingParamsSchema = z.object({ id: z.string().max(100, VIDEO_BOOKING_NOT_FOUND) });

export const videoSlotSchema = z.object({ start: z.string(), end: z.string() });
export type VideoSlot = z.infer<typeof videoSlotSchema>;

/** GET …/video/slots: the free slots of the next days, and the hours they come from. */
export const videoSlotsResponseSchema = z.object({
  timeZone: z.string(),
  hoursText: z.string(),
  slotMinutes: z.number(),
  slots: z.array(videoSlotSchema),
});
export type VideoSlotsResponse = z.infer<typeof videoSlotsResponseSchema>;

export const videoBookingSchema = z.object({
  id: z.string(),
  start: z.string(),
  end: z.string(),
  topic: z.string().nullable(),
  meetingUrl: z.string(),
  timeZone: z.string(),
});
export type VideoBooking = z.infer<typeof videoBookingSchema>;
export const videoBookingListSchema = z.array(videoBookingSchema);

/** A booking as the operator's inbox lists it: with the customer. */
export const operatorVideoBookingSchema = videoBookingSchema.extend(customerFields);
export type OperatorVideoBooking = z.infer<typeof operatorVideoBookingSchema>;
export const operatorVideoBookingListSchema = z.array(operatorVideoBookingSchema);
