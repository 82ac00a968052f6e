import { z } from 'zod';
import { v } from '../messages';

// Notifications (issue 16, docs/decisions.md §23.2).

/** The events that notify, in the order the settings list them. */
export const NOTIFICATION_KINDS = [
  'scan-completed',
  'scan-failed',
  'rank-drop',
  'rank-gain',
  'competitor-overtook',
  // Credit warnings (docs/decisions.md §23.4).
  'round-lacks-credits-tomorrow',
  'round-skipped-no-credits',
  'credits-running-out',
  // The summary of a campaign's or weekly scan's round, once it ends (docs/decisions.md §25.6).
  'round-completed',
  // An AI-visibility analysis's «Cuota de voz en IA» dropped beyond the noise (docs/decisions.md §31.7).
  'ai-share-drop',
  // A change in the business's listing, seen in the search results (docs/decisions.md §32.2).
  'listing-changed',
  // An AI-visibility analysis that failed, as «Análisis fallido» for map scans (docs/decisions.md §31.14).
  'ai-analysis-failed',
  // Reviews of a business with its Business Profile connected (docs/decisions.md §32.5): one notification per
  // new review, of the urgent kind when it has 3 stars or fewer, so each can be switched apart.
  'review-created',
  'review-low-star',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/**
 * Where a notification goes. 'slack': the Slack-compatible incoming webhook of the user or of
 * the place (docs/decisions.md §23.3, "Wiring"); it delivers only when a URL is saved.
 */
export const NOTIFICATION_CHANNELS = ['inApp', 'email', 'slack'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];
/** The channels the settings offer now. */
export const OFFERED_CHANNELS = ['inApp', 'email', 'slack'] as const;

export type NotificationKindSwitches = Partial<Record<NotificationKind, Partial<Record<NotificationChannel, boolean>>>>;

/** Spanish names of the kinds, for the settings and the unsubscribe page. */
export const NOTIFICATION_KIND_LABELS: Record<NotificationKind, string> = {
  'scan-completed': 'Análisis completado',
  'scan-failed': 'Análisis fallido',
  'rank-drop': 'Bajada de posiciones',
  'rank-gain': 'Subida de posiciones',
  'competitor-overtook': 'Un competidor seguido te adelanta',
  'round-lacks-credits-tomorrow': 'Un análisis programado no tendrá créditos',
  'round-skipped-no-credits': 'Un análisis programado se omitió por falta de créditos',
  'credits-running-out': 'Créditos insuficientes para los próximos 7 días',
  'round-completed': 'Resumen de cada ronda',
  'ai-share-drop': 'Bajada de la cuota de voz en IA',
  'listing-changed': 'Cambio en la ficha de Google',
  'ai-analysis-failed': 'Análisis de IA fallido',
  'review-created': 'Nueva reseña',
  'review-low-star': 'Nueva reseña de 3 estrellas o menos',
};

/** Every channel of every kind is on unless the user turns it off. */
export const DEFAULT_SWITCH = true;

export const THRESHOLD_MIN = 1;
export const THRESHOLD_MAX = 100;
export const NOTIFICATION_DEFAULTS = {
  emailMode: 'each' as const,
  /** «Análisis completado» e-mails for each analysis of a campaign or weekly round: off, the round's summary says it (docs/decisions.md §25.6). */
  roundScanEmails: false,
  geoRankDropPoints: 10,
  geoRankGainPoints: 10,
  localPackLostPercent: 20,
  localPackGainedPercent: 20,
};

const geoRankThreshold = z.number(v('notificationGeoRankThresholdInvalid')).int(v('notificationGeoRankThresholdInvalid')).min(THRESHOLD_MIN, v('notificationGeoRankThresholdInvalid')).max(THRESHOLD_MAX, v('notificationGeoRankThresholdInvalid'));
const packThreshold = z.number(v('notificationLocalPackThresholdInvalid')).int(v('notificationLocalPackThresholdInvalid')).min(THRESHOLD_MIN, v('notificationLocalPackThresholdInvalid')).max(THRESHOLD_MAX, v('notificationLocalPackThresholdInvalid'));
// 'slack' may be left out (a client from before it was offered): the stored switch is kept.
const channelSwitches = z.strictObject(
  { inApp: z.boolean(v('notificationSwitchInvalid')), email: z.boolean(v('notificationSwitchInvalid')), slack: z.boolean(v('notificationSwitchInvalid')).optional() },
  v('notificationSwitchInvalid'),
);

export const notificationSettingsSchema = z.strictObject(
  {
    emailMode: z.enum(['each', 'digest'], v('notificationEmailModeInvalid')),
    /** Whether «Análisis completado» is e-mailed for the analyses of campaign and weekly rounds too, not only for those the user starts. */
    roundScanEmails: z.boolean(v('notificationSwitchInvalid')),
    geoRankDropPoints: geoRankThreshold,
    geoRankGainPoints: geoRankThreshold,
    localPackLostPercent: packThreshold,
    localPackGainedPercent: packThreshold,
    switches: z.strictObject(
      Object.fromEntries(NOTIFICATION_KINDS.map((k) => [k, channelSwitches])) as Record<NotificationKind, typeof channelSwitches>,
      v('notificationSwitchInvalid'),
    ),
    mutedPlaceIds: z.array(z.string(v('notificationMutedPlacesInvalid')).max(100, v('notificationMutedPlacesInvalid')), v('notificationMutedPlacesInvalid')).max(500, v('notificationMutedPlacesInvalid')),
  },
  v('notificationSettingsInvalid'),
);
/** GET and PUT /api/notifications/settings: the whole settings, every kind's switches spelled out. */
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

export const notificationSchema = z.object({
  id: z.string(),
  kind: z.enum(NOTIFICATION_KINDS),
  title: z.string(),
  body: z.string(),
  link: z.string(),
  placeId: z.string().nullable(),
  rankMapId: z.string().nullable(),
  comparedRankMapId: z.string().nullable(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
});
export type NotificationItem = z.infer<typeof notificationSchema>;

export const NOTIFICATIONS_PAGE_MAX = 50;
export const notificationListQuerySchema = z.object({
  page: z.coerce.number('La página debe ser un número entero desde 1.').int('La página debe ser un número entero desde 1.').min(1, 'La página debe ser un número entero desde 1.').max(10_000, 'La página debe ser un número entero desde 1.').default(1),
  limit: z.coerce
    .number(`El tamaño de página debe ser un número entero entre 1 y ${NOTIFICATIONS_PAGE_MAX}.`)
    .int(`El tamaño de página debe ser un número entero entre 1 y ${NOTIFICATIONS_PAGE_MAX}.`)
    .min(1, `El tamaño de página debe ser un número entero entre 1 y ${NOTIFICATIONS_PAGE_MAX}.`)
    .max(NOTIFICATIONS_PAGE_MAX, `El tamaño de página debe ser un número entero entre 1 y ${NOTIFICATIONS_PAGE_MAX}.`)
    .default(20),
});

export const notificationListSchema = z.object({
  notifications: z.array(notificationSchema),
  total: z.number().int(),
  unread: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type NotificationList = z.infer<typeof notificationListSchema>;

export const notificationIdParamsSchema = z.object({ id: z.string().max(100, 'Notificación no encontrada.') });

export const unsubscribeQuerySchema = z.object({ token: z.string('Falta el enlace de baja.').min(1, 'Falta el enlace de baja.').max(500, 'El enlace de baja no es válido.') });

// ── The Slack-compatible webhook (docs/decisions.md §23.3, "Wiring") ─────────

export const SLACK_URL_INVALID = 'Escribe la URL del webhook de Slack (empieza por https://).';
/** PUT /api/notifications/slack and /api/place/:id/slack: the URL to save (checked, then sent a test message). */
export const slackWebhookBodySchema = z.strictObject(
  { url: z.string(SLACK_URL_INVALID).trim().min(1, SLACK_URL_INVALID).max(2048, 'La URL del webhook es demasiado larga (máximo 2048 caracteres).') },
  SLACK_URL_INVALID,
);
/** What is answered about a saved webhook: never the URL itself, a secret, only its masked form. */
export const slackWebhookSchema = z.object({ url: z.string().nullable() });
export type SlackWebhook = z.infer<typeof slackWebhookSchema>;
/** The test message a URL is sent when it is saved. */
export const SLACK_TEST_MESSAGE = 'RankMaps: este canal recibirá tus alertas.';
