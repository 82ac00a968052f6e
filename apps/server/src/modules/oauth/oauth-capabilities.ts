import { type WorkspaceAction, type WorkspaceRole, can } from '@rankmaps/shared/permissions';
import { MCP_TOOL_WORKSPACE_ACTIONS } from '../../mcp/mcp-result';

// What an assistant connected with a role may do, in Spanish, for the consent screen
// (docs/decisions.md §33.3). Derived, not written per role: the actions the MCP tools perform
// (mcp-result.ts, the same map runTool checks) that the permission table grants the role.

const CAPABILITY_TEXT: Partial<Record<WorkspaceAction, string>> = {
  'data.read': 'Ver tus negocios, keywords, análisis, comparaciones y la cartera.',
  'scan.run': 'Lanzar análisis que gastan créditos, siempre después de mostrarte el coste.',
  'share.manage': 'Crear enlaces públicos a informes.',
  'billing.read': 'Ver el saldo de créditos y la previsión de gasto.',
  'data.write': 'Añadir negocios y keywords y crear, pausar o reanudar campañas, siempre después de mostrarte lo que hará.',
  'activity.read': 'Ver el registro de actividad del espacio de trabajo.',
  'reviews.reply': 'Responder a las reseñas de Google de tus negocios, siempre después de mostrarte la respuesta.',
};

/** In the order of CAPABILITY_TEXT (not of the tools' table, which merges reorder), any action without a text last. */
export function capabilitiesOf(role: WorkspaceRole): string[] {
  const used = new Set<WorkspaceAction>(Object.values(MCP_TOOL_WORKSPACE_ACTIONS));
  const known = (Object.keys(CAPABILITY_TEXT) as WorkspaceAction[]).filter((action) => used.has(action));
  const unknown = [...used].filter((action) => !(action in CAPABILITY_TEXT));
  return [...known, ...unknown].filter((action) => can(role, action)).map((action) => CAPABILITY_TEXT[action] ?? `Acción «${action}».`);
}
