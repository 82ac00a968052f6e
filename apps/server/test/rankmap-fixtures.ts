import type { AnalyzeResponse } from '@rankmaps/shared/schemas/rankmaps';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Container } from '../src/container';
import { creditsService } from '../src/modules/billing/credits.service';
import { runScan } from '../src/modules/rankmaps/scan/scan.service';
import { fastScanDeps, scriptedProvider } from './scan-doubles';
import { sessions } from './sessions';

export const MALAGA = { lat: 36.7213, lng: -4.4214 };
export const MADRID = { lat: 40.4168, lng: -3.7038 };

type Headers = Record<string, string>;

/** Users, places and keywords through the API, as the browser creates them. */
export function rankmapFixtures(app: FastifyInstance, container: Container) {
  const { signedIn } = sessions(app, container);

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

  /**
   * A completed analysis: analyzed through the API (`query` with 20 results, or the default
   * payload), then its scan run at once with the scripted provider. The new rank map's id.
   */
  const scannedRankMap = async (headers: Headers, keywordId: string, query?: string) => {
    const res = await analyze(headers, keywordId, query === undefined ? undefined : { query, maxResults: 20 });
    expect(res.statusCode, res.body).toBe(201);
    const { rankMapId } = res.json<AnalyzeResponse>();
    expect(await runScan(fastScanDeps(container, scriptedProvider().provider), rankMapId)).toBe('completed');
    return rankMapId;
  };

  const balance = async (userId: string) => {
    const b = await creditsService.balances(container.database.db, userId);
    return b.subscription + b.extra;
  };

  /** The valid points of a place's grid, as GET /api/place shows them. */
  const validPoints = async (headers: Headers, placeId: string) => {
    const res = await app.inject({ method: 'GET', url: `/api/place/${placeId}`, headers });
    return res.json<{ coordinatesMatrix: ({ lat: number; lng: number } | null)[][] }>().coordinatesMatrix.flat().filter(Boolean).length;
  };

  return { signedIn, createPlace, addKeyword, withKeyword, analyze, scannedRankMap, balance, validPoints };
}
