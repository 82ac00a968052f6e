import { z } from 'zod';
import { v } from '../messages';

// The activity log (issue 29, docs/decisions.md §30.5): who spent, changed, shared or granted
// what in a workspace. Owners and admins read it in «Actividad», filtered by member, kind and
// date, and download it as CSV.

/** What an entry is about; the filter of «Actividad» offers these. */
export const ACTIVITY_KINDS = ['scan', 'keyword', 'business', 'client', 'campaign', 'share', 'report', 'integration', 'brand', 'member', 'plan'] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];

/** The Spanish name of each kind, for the filter and the CSV. */
export const ACTIVITY_KIND_LABELS: Record<ActivityKind, string> = {
  scan: 'Análisis',
  keyword: 'Keywords',
  business: 'Negocios',
  client: 'Clientes',
  campaign: 'Campañas',
  share: 'Enlaces compartidos',
  report: 'Informes',
  integration: 'Integraciones',
  brand: 'Marca blanca',
  member: 'Equipo',
  plan: 'Plan',
};

/** The most entries one page gives, and how many when the query does not say. */
export const ACTIVITY_PAGE_MAX = 100;
export const ACTIVITY_PAGE_DEFAULT = 50;

/** A calendar day, YYYY-MM-DD, that exists (no 2026-02-30). */
const day = (key: 'activityFromInvalid' | 'activityToInvalid') =>
  z
    .string(v(key))
    .regex(/^\d{4}-\d{2}-\d{2}$/, v(key))
    .refine((s) => {
      const d = new Date(`${s}T00:00:00Z`);
      return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
    }, v(key));

/** GET /api/activity and /api/activity.csv. Days are Madrid's: `to` includes the whole day. */
export const activityQuerySchema = z
  .object({
    memberId: z.uuid(v('activityMemberInvalid')).optional(),
    kind: z.enum(ACTIVITY_KINDS, v('activityKindInvalid')).optional(),
    from: day('activityFromInvalid').optional(),
    to: day('activityToInvalid').optional(),
    cursor: z.string(v('activityCursorInvalid')).max(200, v('activityCursorInvalid')).optional(),
    limit: z.coerce
      .number(v('activityLimitInvalid'))
      .int(v('activityLimitInvalid'))
      .min(1, v('activityLimitInvalid'))
      .max(ACTIVITY_PAGE_MAX, v('activityLimitInvalid'))
      .default(ACTIVITY_PAGE_DEFAULT),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: v('activityRangeInvalid'), path: ['to'] });
export type ActivityQuery = z.infer<typeof activityQuerySchema>;

export const activityEntrySchema = z.object({
  id: z.uuid(),
  /** When it happened (ISO 8601). */
  at: z.string(),
  /** Who did it; null for the system (a payment provider's notice, a scheduled round). */
  actor: z.object({ id: z.string().nullable(), name: z.string() }).nullable(),
  kind: z.enum(ACTIVITY_KINDS),
  /** The route's operationId, or the event's name. */
  action: z.string(),
  /** What happened, as a Spanish sentence. */
  summary: z.string(),
  target: z.object({ type: z.string(), id: z.string(), label: z.string().nullable() }).nullable(),
  details: z.record(z.string(), z.unknown()),
  ip: z.string().nullable(),
});
export type ActivityEntry = z.infer<typeof activityEntrySchema>;

export const activityListSchema = z.object({
  items: z.array(activityEntrySchema),
  /** Give it back as `cursor` for the next page; null on the last. */
  nextCursor: z.string().nullable(),
});
export type ActivityList = z.infer<typeof activityListSchema>;
