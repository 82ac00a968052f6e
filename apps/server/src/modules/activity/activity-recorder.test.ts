import type { FastifyReply, FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Container } from '../../container';
import { ActivityRecorder, detailsFromAnswer, targetFromPath } from './activity-recorder';
import { ROUTE_ACTIVITY } from './activity-kinds';

// The recorder's pieces that need no database: the target from the path, the spend from the
// answer, and what happens when the write fails (the call is not failed; the entry is logged).

describe('targetFromPath', () => {
  it('takes the last parameter and names it by the segment before it', () => {
    expect(targetFromPath('/place/:id/competitors/:competitorId', { id: 'p1', competitorId: 'c1' })).toEqual({ type: 'competitor', id: 'c1' });
    expect(targetFromPath('/rankmap/keyword/:keywordId/analyze', { keywordId: 'k1' })).toEqual({ type: 'keyword', id: 'k1' });
    expect(targetFromPath('/share-links/:id', { id: 's1' })).toEqual({ type: 'shareLink', id: 's1' });
    expect(targetFromPath('/clients', {})).toBeNull();
  });
});

describe('detailsFromAnswer', () => {
  it('reads the credits an analysis or several took, and nothing else', () => {
    expect(detailsFromAnswer({ rankMapId: 'r', creditsCharged: 49, totalPoints: 49, secret: 'x' })).toEqual({ credits: 49, points: 49 });
    expect(detailsFromAnswer({ billing: 'scans', cost: 3, started: [{}, {}, {}] })).toEqual({ scans: 3, analyses: 3 });
    expect(detailsFromAnswer({ url: 'https://hooks.slack.com/services/secret' })).toEqual({});
    expect(detailsFromAnswer(null)).toEqual({});
  });
});

describe('a write that fails', () => {
  it('does not fail the call, and logs the whole entry as an error', async () => {
    const errors: { obj: Record<string, unknown>; msg: string }[] = [];
    const failing = {
      database: { db: { select: () => { throw new Error('database down'); }, insert: () => { throw new Error('database down'); } } },
      log: { error: (obj: Record<string, unknown>, msg: string) => errors.push({ obj, msg }) },
    } as unknown as Pick<Container, 'database' | 'log'>;
    const recorder = new ActivityRecorder(failing);
    const request = { workspace: { id: 'w1', role: 'owner', clientIds: [], actorId: 'u1' }, apiKey: null, params: { id: 'k1' }, ip: '198.51.100.7', activityPayload: null } as unknown as FastifyRequest;
    const reply = { statusCode: 200, getHeader: () => undefined } as unknown as FastifyReply;
    expect(() => recorder.afterResponse(request, reply, '/keyword/:id', 'deleteKeyword', ROUTE_ACTIVITY.deleteKeyword!)).not.toThrow();
    await recorder.drain();
    expect(errors).toHaveLength(1);
    expect(errors[0]?.msg).toMatch(/registro de actividad/);
    expect(errors[0]?.obj.activity).toMatchObject({ workspaceId: 'w1', actorId: 'u1', action: 'deleteKeyword', targetType: 'keyword', targetId: 'k1', ip: '198.51.100.7' });
  });

  it('records nothing for a refusal, a replay, or a call in no workspace', async () => {
    const calls: string[] = [];
    const spy = { database: { db: new Proxy({}, { get: (_t, p) => () => calls.push(String(p)) }) }, log: { error: () => calls.push('error') } } as unknown as Pick<Container, 'database' | 'log'>;
    const recorder = new ActivityRecorder(spy);
    const base = { workspace: { id: 'w1', role: 'owner', clientIds: [], actorId: 'u1' }, apiKey: null, params: {}, ip: '::1', activityPayload: null };
    const reply = (statusCode: number, replayed = false) => ({ statusCode, getHeader: (h: string) => (h === 'idempotent-replayed' && replayed ? 'true' : undefined) }) as unknown as FastifyReply;
    recorder.afterResponse(base as unknown as FastifyRequest, reply(404), '/clients', 'createClient', ROUTE_ACTIVITY.createClient!);
    recorder.afterResponse(base as unknown as FastifyRequest, reply(201, true), '/clients', 'createClient', ROUTE_ACTIVITY.createClient!);
    recorder.afterResponse({ ...base, workspace: null } as unknown as FastifyRequest, reply(201), '/clients', 'createClient', ROUTE_ACTIVITY.createClient!);
    await recorder.drain();
    expect(calls).toEqual([]);
  });
});
