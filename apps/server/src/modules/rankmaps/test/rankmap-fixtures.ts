import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { buildUser } from '../../../../test/factories';
import { subscribeThroughSandbox } from '../../../../test/sandbox';
import type { Container } from '../../../container';
import { simulateSearch } from '../../../providers/maps-search/demo';
import {
  MapsSearchFatalError,
  MapsSearchRetryableError,
  type MapsSearchProvider,
  type MapsSearchRequest,
} from '../../../providers/maps-search/interface';
import { creditsService } from '../../billing/credits.service';
import { sleep } from '../../../lib/sleep';
import { type ScanDeps, scanDeps } from '../scan.service';

export const MALAGA = { lat: 36.7213, lng: -4.4214 };
export const MADRID = { lat: 40.4168, lng: -3.7038 };

type Headers = Record<string, string>;

/** Users, places and keywords through the API, as the browser creates them. */
export function rankmapFixtures(app: FastifyInstance, container: Container) {
  const signedIn = async (planId?: string) => {
    const user = await buildUser(container);
    const headers: Headers = { authorization: `Bearer ${await container.accessTokens.sign(user.id)}` };
    if (planId) await subscribeThroughSandbox(app, headers, planId, 'monthly');
    return { user, headers };
  };

  const createPlace = async (headers: Headers, googlePlaceId = 'demo-malaga-dentista-1', coordinates = MALAGA, gridSize = 7) => {
    const res = await app.inject({ method: 'POST', url: '/api/place', headers, payload: { googlePlaceId, matrixConfig: { gridSize, radius: 1500, coordinates } } });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ _id: string }>()._id;
  };

  const addKeyword = async (headers: Headers, placeId: string, name = 'dentista') => {
    const res = await app.inject({ method: 'POST', url: '/api/keyword', headers, payload: { name, placeId } });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ _id: string }>()._id;
  };

  /** A signed-in user with a place and a keyword. */
  const withKeyword = async (planId: string, googlePlaceId?: string, coordinates?: { lat: number; lng: number }) => {
    const { user, headers } = await signedIn(planId);
    const placeId = await createPlace(headers, googlePlaceId, coordinates);
    const keywordId = await addKeyword(headers, placeId);
    return { user, headers, placeId, keywordId };
  };

  const analyze = (headers: Headers, keywordId: string, payload: Record<string, unknown> | null = { query: 'dentista', maxResults: 20, radius: 0 }, advanced = false) =>
    app.inject({ method: 'POST', url: `/api/rankmap/keyword/${keywordId}/${advanced ? 'analyze-advanced' : 'analyze'}`, headers, ...(payload ? { payload } : {}) });

  const balance = async (userId: string) => {
    const b = await creditsService.balances(container.database.db, userId);
    return b.subscription + b.extra;
  };

  /** The valid points of a place's grid, as GET /api/place shows them. */
  const validPoints = async (headers: Headers, placeId: string) => {
    const res = await app.inject({ method: 'GET', url: `/api/place/${placeId}`, headers });
    return res.json<{ coordinatesMatrix: ({ lat: number; lng: number } | null)[][] }>().coordinatesMatrix.flat().filter(Boolean).length;
  };

  return { signedIn, createPlace, addKeyword, withKeyword, analyze, balance, validPoints };
}

/** Scan dependencies for tests: tiny backoff and quick flushes, so retries take milliseconds. */
export function fastScanDeps(container: Container, provider: MapsSearchProvider, overrides: Partial<Omit<ScanDeps, 'container' | 'provider'>> = {}): ScanDeps {
  return scanDeps(container, provider, {
    retry: { maxAttempts: 4, backoffBaseMs: 1, maxBackoffMs: 5, requestTimeoutMs: 5_000 },
    flushIntervalMs: 50,
    ...overrides,
  });
}

export type Failure = 'retryable' | 'fatal' | null;

/**
 * A test double of an external maps-search vendor: answers like the demo simulation, but
 * fails the calls `fail` names (by point and attempt) and can take time to answer.
 */
export function scriptedProvider(opts: { fail?: (request: MapsSearchRequest, attempt: number) => Failure; delayMs?: number; name?: MapsSearchProvider['name'] } = {}) {
  const attempts = new Map<string, number>();
  const calls: { at: number; lat: number; lng: number }[] = [];
  const provider: MapsSearchProvider = {
    // The rate limit is kept per provider name.
    name: opts.name ?? 'demo',
    async search(request, signal) {
      calls.push({ at: Date.now(), lat: request.lat, lng: request.lng });
      const key = `${request.lat},${request.lng}`;
      const attempt = (attempts.get(key) ?? 0) + 1;
      attempts.set(key, attempt);
      if (opts.delayMs) await sleep(opts.delayMs, signal);
      const failure = opts.fail?.(request, attempt) ?? null;
      if (failure === 'retryable') throw new MapsSearchRetryableError('HTTP 429 Too Many Requests', 0);
      if (failure === 'fatal') throw new MapsSearchFatalError('HTTP 401 Unauthorized');
      return simulateSearch(request);
    },
  };
  return { provider, calls, attempts };
}
