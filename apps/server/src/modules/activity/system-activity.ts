import type { Container } from '../../container';
import type { DbOrTx } from '../../db/client';
import { SYSTEM_ACTIVITY, SYSTEM_ACTOR_NAME, type SystemAction, TOOL_ACTIVITY, type ToolAction } from './activity-kinds';
import { activityRepository } from './activity.repository';

/**
 * An entry no route makes (docs/decisions.md §30.5): the payment provider's notices and the
 * scheduled rounds, with no actor («Sistema»). Written in the caller's transaction, so it
 * commits with what it records.
 */
export async function recordSystemActivity(
  tx: DbOrTx,
  entry: { workspaceId: string; action: SystemAction; target?: { type: string; id: string; label?: string | null } | null; details?: Record<string, unknown> },
): Promise<void> {
  await activityRepository.insert(tx, {
    workspaceId: entry.workspaceId,
    actorId: null,
    actorName: SYSTEM_ACTOR_NAME,
    kind: SYSTEM_ACTIVITY[entry.action].kind,
    action: entry.action,
    targetType: entry.target?.type ?? null,
    targetId: entry.target?.id ?? null,
    targetLabel: entry.target?.label ?? null,
    details: entry.details ?? {},
    ip: null,
  });
}

/**
 * What an MCP tool did through an API key (docs/decisions.md §30.5), as the person who
 * created the key, or through an OAuth token, as the person who connected it. A failure is logged with the entry and never fails the tool, which has done
 * its work already.
 */
export async function recordToolActivity(
  container: Pick<Container, 'database' | 'log'>,
  caller: { userId: string; keyId: string | null; actorId: string; ip?: string },
  tool: ToolAction,
  target: { type: string; id: string },
  details: Record<string, unknown>,
): Promise<void> {
  const db = container.database.db;
  const entry = { workspaceId: caller.userId, apiKeyId: caller.keyId, kind: TOOL_ACTIVITY[tool].kind, action: tool, targetType: target.type, targetId: target.id, details, ip: caller.ip ?? null };
  try {
    // A key acts as the person who created it; an OAuth token (no key) as the person who connected it (docs/decisions.md §33.3).
    const actorId = caller.keyId ? ((await activityRepository.apiKeyCreator(db, caller.keyId)) ?? caller.userId) : caller.actorId;
    const actorName = (await activityRepository.userName(db, actorId)) ?? 'Persona eliminada';
    const targetLabel = await activityRepository.targetName(db, caller.userId, target.type, target.id);
    await activityRepository.insert(db, { ...entry, actorId, actorName, targetLabel });
  } catch (err) {
    container.log.error({ err, activity: entry }, 'no se pudo registrar una entrada del registro de actividad');
  }
}
