import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { Container } from '../../container';
import type { DbOrTx } from '../../db/client';
import { type ActivityAction, ROUTE_ACTIVITY } from './activity-kinds';
import { type NewActivity, activityRepository } from './activity.repository';

// Recording the activity log (docs/decisions.md §30.5). A declared route in ROUTE_ACTIVITY is
// recorded by the route kit's hooks, so no handler can forget it: after a 2xx answer has gone
// out, one entry with the actor, the workspace, the target from the path (or the answer's id),
// the credits from the answer and the address. The write is not awaited by the request; one
// that fails is logged with the whole entry (nothing silently lost) and never fails the call.

declare module 'fastify' {
  interface FastifyInstance {
    activityRecorder: ActivityRecorder;
  }
  interface FastifyRequest {
    /** The answer's body before serialisation, kept for the activity entry of a recorded route. */
    activityPayload: unknown;
  }
}

const NAME_TTL_MS = 5 * 60_000;
const LABEL_MAX = 200;

/** What a segment before a path parameter names, as the entry's target type. */
const TARGET_TYPES: Record<string, string> = {
  place: 'place',
  places: 'place',
  keyword: 'keyword',
  keywords: 'keyword',
  rankmap: 'analysis',
  scheduled: 'analysis',
  competitors: 'competitor',
  clients: 'client',
  campaigns: 'campaign',
  'share-links': 'shareLink',
  'report-recipients': 'reportRecipient',
  'api-keys': 'apiKey',
  webhooks: 'webhook',
  deliveries: 'webhookDelivery',
  members: 'member',
  invitations: 'invitation',
};

const asRecord = (value: unknown): Record<string, unknown> | null => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null);
const str = (value: unknown) => (typeof value === 'string' && value.length > 0 ? value.slice(0, LABEL_MAX) : null);
const int = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : null);

/** The last parameter of the path and the segment before it: `/place/:id/competitors/:competitorId` → competitor. */
export function targetFromPath(url: string, params: unknown): { type: string; id: string } | null {
  const values = asRecord(params);
  if (!values) return null;
  const segments = url.split('/');
  for (let i = segments.length - 1; i > 0; i--) {
    const segment = segments[i]!;
    if (!segment.startsWith(':')) continue;
    const id = str(values[segment.slice(1)]);
    const before = segments[i - 1]!;
    if (id) return { type: TARGET_TYPES[before] ?? before, id };
  }
  return null;
}

/** What an answer tells about the spend: the credits or scans an analysis (or several) took. Never the request's body (secrets). */
export function detailsFromAnswer(payload: unknown): Record<string, unknown> {
  const body = asRecord(payload);
  if (!body) return {};
  const details: Record<string, unknown> = {};
  const charged = int(body.creditsCharged);
  if (charged !== null) details.credits = charged;
  const points = int(body.totalPoints);
  if (points !== null) details.points = points;
  if (body.billing === 'credits' || body.billing === 'scans') {
    const cost = int(body.cost);
    if (cost !== null) details[body.billing === 'credits' ? 'credits' : 'scans'] = cost;
    if (Array.isArray(body.started)) details.analyses = body.started.length;
  }
  return details;
}

/** The thing an answer is about: itself, or the one object it wraps ({ apiKey, key }, { link, url }). */
function subjectOf(payload: unknown): Record<string, unknown> | null {
  const body = asRecord(payload);
  if (!body || 'id' in body || '_id' in body) return body;
  const wrapped = Object.values(body).filter((value) => asRecord(value) && ('id' in asRecord(value)! || '_id' in asRecord(value)!));
  return wrapped.length === 1 ? asRecord(wrapped[0]) : body;
}

/** The answer's own name for what it made or changed: a label that still reads after the thing is gone. */
function labelOf(subject: Record<string, unknown> | null): string | null {
  if (!subject) return null;
  return str(subject.name) ?? str(subject.label) ?? str(subject.title) ?? str(subject.email) ?? null;
}

export class ActivityRecorder {
  private readonly names = new LRUCache<string, string>({ max: 10_000, ttl: NAME_TTL_MS });
  private readonly keyCreators = new LRUCache<string, { userId: string | null }>({ max: 10_000, ttl: NAME_TTL_MS });
  private readonly pending = new Set<Promise<void>>();

  constructor(private readonly container: Pick<Container, 'database' | 'log'>) {}

  /** Called by the route kit once a recorded route has answered (onResponse). */
  afterResponse(request: FastifyRequest, reply: FastifyReply, url: string, operationId: string, action: ActivityAction): void {
    const workspace = request.workspace;
    if (!workspace || reply.statusCode < 200 || reply.statusCode >= 300) return;
    // An Idempotency-Key replay answers what the first call did: that call was recorded.
    if (reply.getHeader('idempotent-replayed') === 'true') return;
    const payload = request.activityPayload;
    // A quote (dryRun) spends and changes nothing: only the real call is recorded.
    if (asRecord(payload)?.dryRun === true) return;
    const subject = subjectOf(payload);
    const path = targetFromPath(url, request.params);
    const created = action.target ? (str(subject?.id) ?? str(subject?._id)) : null;
    const target = created && action.target ? { type: action.target, id: created } : path;
    const apiKeyId = request.apiKey?.id ?? null;
    const entry = {
      workspaceId: workspace.id,
      apiKeyId,
      kind: action.kind,
      action: operationId,
      targetType: target?.type ?? null,
      targetId: target?.id ?? null,
      targetLabel: target ? labelOf(subject) : null,
      details: detailsFromAnswer(payload),
      ip: request.ip,
    };
    this.track(this.write(entry, workspace.actorId, apiKeyId));
  }

  /** Waits for the writes still in flight (the app's close). */
  async drain(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }

  private track(write: Promise<void>) {
    this.pending.add(write);
    void write.finally(() => this.pending.delete(write));
  }

  private async write(entry: Omit<NewActivity, 'actorId' | 'actorName'>, actorId: string, apiKeyId: string | null): Promise<void> {
    try {
      const db = this.container.database.db;
      const actor = apiKeyId ? ((await this.keyCreator(db, apiKeyId)) ?? actorId) : actorId;
      const actorName = (await this.nameOf(db, actor)) ?? 'Persona eliminada';
      // A label the answer did not give, read now, off the request's path: one indexed look-up.
      const targetLabel = entry.targetLabel ?? (entry.targetType && entry.targetId ? await activityRepository.targetName(db, entry.workspaceId, entry.targetType, entry.targetId) : null);
      await activityRepository.insert(db, { ...entry, targetLabel, actorId: actor, actorName });
    } catch (err) {
      // The call succeeded; the entry is in the log line, so it can still be put back by hand.
      this.container.log.error({ err, activity: { ...entry, actorId } }, 'no se pudo registrar una entrada del registro de actividad');
    }
  }

  private async nameOf(db: DbOrTx, userId: string): Promise<string | null> {
    const hit = this.names.get(userId);
    if (hit !== undefined) return hit;
    const name = await activityRepository.userName(db, userId);
    if (name !== null) this.names.set(userId, name);
    return name;
  }

  private async keyCreator(db: DbOrTx, apiKeyId: string): Promise<string | null> {
    const hit = this.keyCreators.get(apiKeyId);
    if (hit) return hit.userId;
    const userId = await activityRepository.apiKeyCreator(db, apiKeyId);
    this.keyCreators.set(apiKeyId, { userId });
    return userId;
  }
}

/** Decorates the app with its recorder; the app's close waits for the writes in flight. Register before any route. */
export function registerActivityRecorder(app: FastifyInstance): void {
  const recorder = new ActivityRecorder(app.container);
  app.decorate('activityRecorder', recorder);
  app.decorateRequest('activityPayload', null);
  app.addHook('onClose', async () => recorder.drain());
}

/** The route kit's hooks for a route in ROUTE_ACTIVITY; none for any other route. */
export function activityHooksFor(app: FastifyInstance, url: string, operationId: string) {
  const action = ROUTE_ACTIVITY[operationId];
  // An app built without the recorder (a test's bare app) records nothing.
  if (!action || !app.hasDecorator('activityRecorder')) return null;
  return {
    preSerialization: async (request: FastifyRequest, _reply: FastifyReply, payload: unknown) => {
      request.activityPayload = payload;
      return payload;
    },
    onResponse: async (request: FastifyRequest, reply: FastifyReply) => {
      app.activityRecorder.afterResponse(request, reply, url, operationId, action);
    },
  };
}
