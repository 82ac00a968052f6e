import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/test-app';
import { declarationOf } from '../../plugins/route-declaration';
import { NOT_RECORDED, ROUTE_ACTIVITY } from './activity-kinds';

// The activity table cannot forget a route (docs/decisions.md §30.5): every route that may
// change something and is not public is in ROUTE_ACTIVITY or, with its reason, in
// NOT_RECORDED; and no route but the two reads touches /api/activity (append-only).

const { app } = await createTestApp();
const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const routes = app.routeTable.flatMap((route) => {
  const declaration = declarationOf(route);
  return ([] as string[]).concat(route.method).map((method) => ({ method, url: route.url, declaration }));
});

describe('the activity table', () => {
  it('has every mutating route that is not public (operators’ routes aside: they act on no workspace)', () => {
    const missing = routes
      .filter((r) => MUTATING.has(r.method) && r.declaration && r.declaration.access.kind !== 'public' && r.declaration.access.kind !== 'operator')
      .map((r) => r.declaration!.operationId)
      .filter((id) => !(id in ROUTE_ACTIVITY) && !(id in NOT_RECORDED));
    expect(missing, 'add these operationIds to ROUTE_ACTIVITY or, with a reason, to NOT_RECORDED (activity-kinds.ts)').toEqual([]);
  });

  it('names each route once, as recorded or not, and only routes that change something', () => {
    const both = Object.keys(ROUTE_ACTIVITY).filter((id) => id in NOT_RECORDED);
    expect(both).toEqual([]);
    const reads = routes.filter((r) => r.method === 'GET' && r.declaration && r.declaration.operationId in ROUTE_ACTIVITY).map((r) => r.declaration!.operationId);
    expect(reads).toEqual([]);
    for (const reason of Object.values(NOT_RECORDED)) expect(reason.length).toBeGreaterThan(10);
  });

  it('records only through its two reads: no route edits or deletes an entry', () => {
    const touching = routes.filter((r) => r.url.startsWith('/api/activity')).map((r) => `${r.method} ${r.url}`);
    expect(touching.sort()).toEqual(['GET /api/activity', 'GET /api/activity.csv', 'HEAD /api/activity', 'HEAD /api/activity.csv']);
  });
});
