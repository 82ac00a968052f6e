import type { ActivityKind } from '@rankmaps/shared/schemas/activity';

// The one table of what the activity log records (docs/decisions.md §30.5): each route that
// spends, changes, shares or grants access, by its operationId, with the kind the filter
// offers and the Spanish sentence «Actividad» shows. The route kit's hook records a declared
// route's 2xx answer when its operationId is here; activity-kinds.test.ts fails when a
// mutating route that is not public is neither here nor in NOT_RECORDED, so a new route
// cannot be forgotten.

export interface ActivityAction {
  kind: ActivityKind;
  /**
   * What was done, without its subject: «Ana» + « » + this. A system entry has no actor and
   * reads as this, capitalised («Se contrató el plan»).
   */
  summary: string;
  /** What the target is when the path names none (a creation: the answer's id). */
  target?: string;
}

const a = (kind: ActivityKind, summary: string, target?: string): ActivityAction => (target ? { kind, summary, target } : { kind, summary });

/** Routes, by operationId. */
export const ROUTE_ACTIVITY: Readonly<Record<string, ActivityAction>> = {
  // Scans: they spend credits or the month's scans.
  analyzeKeyword: a('scan', 'lanzó un análisis'),
  queueKeywordAnalysis: a('scan', 'programó un análisis'),
  analyzePlaceKeywords: a('scan', 'analizó todas las keywords de un negocio'),
  analyzeSelectedKeywords: a('scan', 'analizó varias keywords a la vez'),
  deleteAnalysis: a('scan', 'borró un análisis'),
  cancelScheduledAnalysis: a('scan', 'anuló un análisis programado'),
  startKeywordAnalysis: a('scan', 'lanzó un análisis por la API'),
  // AI visibility (docs/decisions.md §31.5): a quote (dryRun) answers 200 with dryRun and is not recorded.
  scanAiVisibility: a('scan', 'lanzó un análisis de visibilidad en IA'),
  startAiVisibilityAnalysis: a('scan', 'lanzó un análisis de visibilidad en IA por la API'),
  // Keywords.
  createKeyword: a('keyword', 'añadió una keyword', 'keyword'),
  deleteKeyword: a('keyword', 'borró una keyword'),
  importKeywords: a('keyword', 'importó keywords'),
  addPlaceKeywords: a('keyword', 'añadió keywords por la API'),
  // Businesses.
  createPlace: a('business', 'añadió un negocio', 'place'),
  deletePlace: a('business', 'borró un negocio'),
  refreshPlace: a('business', 'sincronizó un negocio con Google'),
  updatePlaceGrid: a('business', 'cambió la cuadrícula de un negocio'),
  updatePlaceMarket: a('business', 'cambió el mercado de un negocio'),
  updatePlaceSchedule: a('business', 'cambió el análisis semanal de un negocio'),
  followCompetitor: a('business', 'empezó a seguir a un competidor'),
  unfollowCompetitor: a('business', 'dejó de seguir a un competidor'),
  setPlaceClient: a('client', 'asignó un negocio a un cliente'),
  // Clients.
  createClient: a('client', 'creó un cliente', 'client'),
  renameClient: a('client', 'renombró un cliente'),
  deleteClient: a('client', 'borró un cliente'),
  uploadClientLogo: a('client', 'cambió el logotipo de un cliente'),
  deleteClientLogo: a('client', 'quitó el logotipo de un cliente'),
  // Campaigns.
  createMyCampaign: a('campaign', 'creó una campaña', 'campaign'),
  updateMyCampaign: a('campaign', 'cambió una campaña'),
  pauseMyCampaign: a('campaign', 'pausó una campaña'),
  resumeMyCampaign: a('campaign', 'reanudó una campaña'),
  deleteMyCampaign: a('campaign', 'borró una campaña'),
  createCampaign: a('campaign', 'creó una campaña por la API', 'campaign'),
  pauseCampaign: a('campaign', 'pausó una campaña por la API'),
  resumeCampaign: a('campaign', 'reanudó una campaña por la API'),
  // Share links.
  createReportShareLink: a('share', 'creó un enlace para compartir', 'shareLink'),
  revokeReportShareLink: a('share', 'anuló un enlace para compartir'),
  createShareLink: a('share', 'creó un enlace para compartir por la API', 'shareLink'),
  // Reports sent by e-mail.
  addReportRecipient: a('report', 'añadió un destinatario de informes'),
  removeReportRecipient: a('report', 'quitó un destinatario de informes'),
  saveReportSchedule: a('report', 'cambió el envío de informes de un negocio'),
  // Integrations: API keys, webhooks, Slack, Google Business Profile.
  createApiKey: a('integration', 'creó una clave de API', 'apiKey'),
  revokeApiKey: a('integration', 'revocó una clave de API'),
  createWebhook: a('integration', 'creó un webhook', 'webhook'),
  updateWebhook: a('integration', 'cambió un webhook'),
  deleteWebhook: a('integration', 'borró un webhook'),
  rotateWebhookSecret: a('integration', 'cambió el secreto de un webhook'),
  sendWebhookTestEvent: a('integration', 'envió un evento de prueba a un webhook'),
  replayWebhookDelivery: a('integration', 'reenvió una entrega de un webhook'),
  saveUserSlackWebhook: a('integration', 'conectó Slack'),
  deleteUserSlackWebhook: a('integration', 'desconectó Slack'),
  savePlaceSlackWebhook: a('integration', 'conectó Slack a un negocio'),
  deletePlaceSlackWebhook: a('integration', 'desconectó Slack de un negocio'),
  disconnectGbp: a('integration', 'desconectó Google Business Profile'),
  // The white-label brand.
  saveReportBrand: a('brand', 'cambió la marca blanca'),
  uploadReportBrandLogo: a('brand', 'cambió el logotipo de la marca blanca'),
  deleteReportBrandLogo: a('brand', 'quitó el logotipo de la marca blanca'),
  // Members and roles: the team's routes (invitations, members, ownership transfer).
  createTeamInvitation: a('member', 'invitó a una persona al equipo', 'invitation'),
  resendTeamInvitation: a('member', 'reenvió una invitación al equipo'),
  revokeTeamInvitation: a('member', 'anuló una invitación al equipo'),
  updateTeamMember: a('member', 'cambió el rol o los clientes de un miembro'),
  removeTeamMember: a('member', 'quitó a un miembro del equipo'),
  requestOwnershipTransfer: a('member', 'propuso traspasar la propiedad del espacio de trabajo'),
  acceptOwnershipTransfer: a('member', 'aceptó la propiedad del espacio de trabajo'),
  cancelOwnershipTransfer: a('member', 'anuló el traspaso de la propiedad'),
  // Reviews (docs/decisions.md §32.4): replies go to Google in the workspace's name.
  replyToReview: a('business', 'respondió a una reseña'),
  deleteReviewReply: a('business', 'borró la respuesta a una reseña'),
  createReviewTemplate: a('business', 'creó una plantilla de respuesta'),
  updateReviewTemplate: a('business', 'cambió una plantilla de respuesta'),
  deleteReviewTemplate: a('business', 'borró una plantilla de respuesta'),
  replyToPlaceReview: a('business', 'respondió a una reseña por la API'),
  deletePlaceReviewReply: a('business', 'borró la respuesta a una reseña por la API'),
  // The plan, from the person's side (the provider's confirmation is a system entry below).
  cancelSubscription: a('plan', 'pidió la baja del plan al final del periodo'),
  reactivateSubscription: a('plan', 'retiró la baja del plan'),
  cancelSubscriptionNow: a('plan', 'dio de baja el plan al momento'),
  changePlan: a('plan', 'cambió de plan'),
  cancelPlanChange: a('plan', 'anuló un cambio de plan programado'),
  updateMyBillingData: a('plan', 'cambió los datos de facturación'),
};

/**
 * Mutating routes that are not recorded, each with the reason: the person's own things
 * (docs/decisions.md §30.1: profile, bell, support, chat, video calls), answers that change
 * nothing (previews), a step whose effect is recorded elsewhere, and developer tools.
 */
export const NOT_RECORDED: Readonly<Record<string, string>> = {
  updateMyProfile: 'personal: the profile is the person’s, not the workspace’s',
  deleteMyProfilePicture: 'personal: the profile is the person’s',
  saveNotificationSettings: 'personal: each member has their own notification preferences',
  markNotificationRead: 'personal: each member has their own bell',
  markAllNotificationsRead: 'personal: each member has their own bell',
  setActivePlace: 'personal: which business the interface opens on',
  switchWorkspace: 'personal: which workspace the session works in',
  // OAuth for /mcp (docs/decisions.md §33.3): the consent's workspace need not be the session's; what the assistant then does is recorded, as its person.
  decideOAuthConsent: 'personal: a person connecting an assistant as themselves, in a workspace they pick',
  revokeConnectedApp: 'personal: a person disconnecting an assistant they connected',
  createSupportTicket: 'personal: support is the person’s',
  replyToMySupportTicket: 'personal: support is the person’s',
  bookVideoCall: 'personal: video calls are the person’s',
  moveMyVideoCall: 'personal: video calls are the person’s',
  cancelMyVideoCall: 'personal: video calls are the person’s',
  sendChatMessage: 'personal: the chat is the person’s',
  signalChatTyping: 'personal: the chat is the person’s',
  markChatRead: 'personal: the chat is the person’s',
  generatePlaceGrid: 'changes nothing: it computes a grid to show',
  previewKeywordImport: 'changes nothing: a preview',
  previewAnalyzePlaceKeywords: 'changes nothing: a preview of the cost',
  previewAnalyzeSelectedKeywords: 'changes nothing: a preview of the cost',
  previewCampaign: 'changes nothing: a preview of the cost',
  quotePlaceWeeklyAi: 'changes nothing: a preview of the cost',
  previewPlanChange: 'changes nothing: a preview of the price',
  createCheckoutSession: 'the plan changes when the provider confirms the payment: recorded then (system entry)',
  createBillingPortalSession: 'opens the provider’s portal; what changes there arrives as a system entry',
  updateMyDevParams: 'developer tool (DEV_TOOLS), absent in production',
  runCreditWarnings: 'developer tool (DEV_TOOLS), absent in production',
  runReportRoundNow: 'developer tool (DEV_TOOLS), absent in production',
  runCampaignRoundNow: 'developer tool (DEV_TOOLS), absent in production',
  simulateSandboxRenewal: 'developer tool (sandbox payments), absent in production',
  settleSandboxPastDue: 'developer tool (sandbox payments), absent in production',
  simulateListingEdit: 'developer tool (DEV_TOOLS), absent in production',
  simulateReviewArrival: 'developer tool (DEV_TOOLS), absent in production',
  syncReviews: 'reads Google again: changes nothing a person decided (the reviews it brings are Google’s)',
};

/** Entries that no route makes: the payment provider's notices and the scheduled rounds (actor null, «Sistema»). */
export const SYSTEM_ACTIVITY = {
  subscriptionCreated: a('plan', 'se contrató el plan'),
  subscriptionPlanChanged: a('plan', 'cambió el plan'),
  subscriptionCancelScheduled: a('plan', 'se programó la baja del plan'),
  subscriptionResumed: a('plan', 'se retiró la baja del plan'),
  subscriptionCancelled: a('plan', 'se dio de baja el plan'),
  campaignRound: a('scan', 'empezó una ronda programada de análisis'),
} as const satisfies Record<string, ActivityAction>;
export type SystemAction = keyof typeof SYSTEM_ACTIVITY;

/** MCP tools that spend or share (docs/decisions.md §30.5): recorded by the tool, as MCP has one route for every tool. */
export const TOOL_ACTIVITY = {
  run_scan: a('scan', 'lanzó un análisis desde un asistente (MCP)'),
  create_share_link: a('share', 'creó un enlace para compartir desde un asistente (MCP)'),
  add_place: a('business', 'añadió un negocio desde un asistente (MCP)'),
  add_keywords: a('keyword', 'añadió keywords desde un asistente (MCP)'),
  create_campaign: a('campaign', 'creó una campaña desde un asistente (MCP)'),
  pause_campaign: a('campaign', 'pausó una campaña desde un asistente (MCP)'),
  resume_campaign: a('campaign', 'reanudó una campaña desde un asistente (MCP)'),
  run_ai_visibility: a('scan', 'lanzó un análisis de visibilidad en IA desde un asistente (MCP)'),
} as const satisfies Record<string, ActivityAction>;
export type ToolAction = keyof typeof TOOL_ACTIVITY;

/**
 * What a person does outside the routes the kit records (docs/decisions.md §30.5): accepting an
 * invitation is a public route, with no workspace until it has run, so it records itself.
 */
export const PERSON_ACTIVITY = {
  invitationAccepted: a('member', 'aceptó la invitación y se unió al equipo'),
} as const satisfies Record<string, ActivityAction>;
export type PersonAction = keyof typeof PERSON_ACTIVITY;

/** The name shown for an entry without an actor. */
export const SYSTEM_ACTOR_NAME = 'Sistema';

/** The table's entry for a stored action (a route's or a system one); undefined for one no longer in the table. */
export function activityActionOf(action: string): ActivityAction | undefined {
  return (
    ROUTE_ACTIVITY[action] ??
    (SYSTEM_ACTIVITY as Record<string, ActivityAction>)[action] ??
    (TOOL_ACTIVITY as Record<string, ActivityAction>)[action] ??
    (PERSON_ACTIVITY as Record<string, ActivityAction>)[action]
  );
}
