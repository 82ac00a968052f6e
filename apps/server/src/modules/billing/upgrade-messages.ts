import { type PlanAction, cheapestPlanFor, upgradeNeedEs } from '@rankmaps/shared/plan-upgrade';

/**
 * Refusals that name what to subscribe to (docs/decisions.md §22): the cheapest plan of the
 * user's audience that allows the action, or the other audience's plans. These replace the
 * spec's "actualizar tu plan a Pro", since no plan is called Pro.
 */
function withNeed(opening: string, action: PlanAction, currentPlan: string | null | undefined, fallback: string): string {
  const need = upgradeNeedEs(cheapestPlanFor(action, currentPlan));
  return need ? `${opening} necesitas ${need}.` : fallback;
}

export const gridUpgradeMessage = (size: number, currentPlan: string | null | undefined) =>
  withNeed(`Para usar una cuadrícula de ${size}×${size}`, { kind: 'gridSize', size }, currentPlan, `Ningún plan permite cuadrículas de ${size}×${size}.`);

export const radiusUpgradeMessage = (radius: number, currentPlan: string | null | undefined) =>
  withNeed('Para cambiar el radio de análisis', { kind: 'radius', radius }, currentPlan, 'Ningún plan permite cambiar el radio de análisis.');

export const weeklyScansUpgradeMessage = (currentPlan: string | null | undefined) =>
  withNeed('Para activar o desactivar los escaneos semanales', { kind: 'weeklyScansToggle' }, currentPlan, 'Ningún plan permite activar o desactivar los escaneos semanales.');

/** The month's manual scans are used up: the first sentence as docs/decisions.md §18 words it, then what allows more. */
export function manualScansUpgradeMessage(limit: number, currentPlan: string | null | undefined): string {
  const reached = `Has alcanzado el límite de ${limit} análisis manuales de este mes para tu plan actual.`;
  const need = upgradeNeedEs(cheapestPlanFor({ kind: 'manualScans', count: limit + 1 }, currentPlan));
  return need ? `${reached} Para hacer más análisis necesitas ${need}.` : reached;
}

/** White-label on a plan that is not for agencies (docs/decisions.md §24.5). */
export const whiteLabelUpgradeMessage = (currentPlan: string | null | undefined) =>
  withNeed('Para firmar tus informes con la marca de tu agencia', { kind: 'whiteLabel' }, currentPlan, 'Ningún plan permite la marca blanca.');

/** A client's logo in its reports, on a plan without white-label (docs/decisions.md §25.1). */
export const clientLogoUpgradeMessage = (currentPlan: string | null | undefined) =>
  withNeed('Para poner el logo de tus clientes en sus informes', { kind: 'whiteLabel' }, currentPlan, 'Ningún plan permite poner el logo de tus clientes en sus informes.');

/** Removing «Hecho con RankMaps» below Enterprise (docs/decisions.md §24.5). */
export const hidePoweredByUpgradeMessage = (currentPlan: string | null | undefined) =>
  withNeed('Para quitar «Hecho con RankMaps» de tus informes', { kind: 'hidePoweredBy' }, currentPlan, 'Ningún plan permite quitar «Hecho con RankMaps».');

/** Campaigns on a plan whose scans are not paid in credits (docs/decisions.md §25.3). */
export const campaignsUpgradeMessage = (currentPlan: string | null | undefined) =>
  withNeed('Para crear campañas', { kind: 'campaigns' }, currentPlan, 'Ningún plan permite crear campañas.');

/** AI visibility in a place's weekly scan: paid in credits, so a plan whose scans are (docs/decisions.md §31.16). */
export const weeklyAiUpgradeMessage = (currentPlan: string | null | undefined) =>
  withNeed('Para incluir la visibilidad en IA en el escaneo semanal', { kind: 'campaigns' }, currentPlan, 'Ningún plan permite incluir la visibilidad en IA en el escaneo semanal.');

/** The live chat on a plan without live support (docs/decisions.md §27.1). */
export const liveSupportUpgradeMessage = (currentPlan: string | null | undefined) =>
  withNeed('Para usar el chat en vivo con el equipo de soporte', { kind: 'liveSupport' }, currentPlan, 'Ningún plan incluye el chat en vivo.');

/** API keys on a plan that is not pro-type (docs/decisions.md §26.1). */
export const apiKeysUpgradeMessage = (currentPlan: string | null | undefined) =>
  withNeed('Para crear claves de API', { kind: 'apiKeys' }, currentPlan, 'Ningún plan permite crear claves de API.');

/** An API key used after its owner's plan lost the API (docs/decisions.md §26.1). */
export const apiUseUpgradeMessage = (currentPlan: string | null | undefined) =>
  withNeed('Para usar la API', { kind: 'apiKeys' }, currentPlan, 'Ningún plan incluye la API.');

/** Webhooks go with the API (docs/decisions.md §26.4). */
export const webhooksUpgradeMessage = (currentPlan: string | null | undefined) =>
  withNeed('Para usar webhooks', { kind: 'apiKeys' }, currentPlan, 'Ningún plan incluye los webhooks.');
