import type { MetricsResultItem } from '@rankmaps/shared/metrics';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Db } from '../../../db/client';
import { type NewRankResult, rankResultsRepository } from '../rank-results.repository';
import { rankMapsRepository } from '../rankmaps.repository';
import { BusinessRegistry, type NewBusiness } from '../result-businesses';
import { createScanWriter } from './scan-writer';

/** How a try of the fake database's transaction fails: before running (a refused connection), at commit (a dropped one), or not. */
type TryPlan = 'refused' | 'dropped-at-commit' | 'ok';

interface FakeTx {
  points: NewRankResult[];
  businesses: NewBusiness[];
}

/**
 * A database that fails its transactions as `plan` says, then works. Only what a transaction
 * that commits wrote is kept (points by index, as `on conflict do nothing` does); the
 * repositories are stubbed to write into it, the registry doing its real numbering.
 */
function flakyDatabase(plan: TryPlan[], opts: { leaseHeld?: (tryNumber: number) => boolean } = {}) {
  const points = new Map<number, NewRankResult & { refs: number[] }>();
  const businesses = new Map<number, NewBusiness>();
  let tries = 0;
  const db = {
    async transaction<T>(fn: (tx: FakeTx) => Promise<T>): Promise<T> {
      const outcome = plan[tries++] ?? 'ok';
      if (outcome === 'refused') throw new Error('connect ECONNREFUSED 127.0.0.1:5432');
      const tx: FakeTx = { points: [], businesses: [] };
      const result = await fn(tx);
      if (outcome === 'dropped-at-commit') throw new Error('Connection terminated unexpectedly');
      for (const b of tx.businesses) businesses.set(b.ref, b);
      for (const p of tx.points) if (!points.has(p.pointIndex)) points.set(p.pointIndex, p as NewRankResult & { refs: number[] });
      return result;
    },
  } as unknown as Db;
  vi.spyOn(rankMapsRepository, 'updateLeased').mockImplementation(async () => opts.leaseHeld?.(tries) ?? true);
  const registryReads = vi
    .spyOn(rankResultsRepository, 'registryFor')
    .mockImplementation(async () => new BusinessRegistry([...businesses.values()]));
  const inserts = vi.spyOn(rankResultsRepository, 'insertMany').mockImplementation(async (tx, rows, registry) => {
    const fake = tx as unknown as FakeTx;
    for (const r of rows) fake.points.push({ ...r, refs: registry!.refsOf(r.organic).map(([ref]) => ref) } as NewRankResult);
    fake.businesses.push(...registry!.takeNew());
  });
  return { db, points, businesses, inserts, registryReads, tries: () => tries };
}

const business = (name: string): MetricsResultItem => ({
  position: 1,
  name,
  address: `${name} 1`,
  rating: 4.5,
  userRatingCount: 10,
  placeId: `place-${name}`,
  location: null,
  categories: [],
  isAd: false,
});

const point = (i: number, names: string[]): NewRankResult => ({
  rankMapId: 'rm-1',
  pointIndex: i,
  row: 0,
  col: i,
  lat: 40,
  lng: -3,
  status: 'ok',
  organic: names.map(business),
  ads: [],
  position: null,
  error: null,
  costUsd: 0,
});

function writerOn(db: Db, onLost = vi.fn(), delays = [5, 5, 5], onWriteRetry = vi.fn()) {
  const writer = createScanWriter({
    db,
    rankMapId: 'rm-1',
    runToken: 'run-1',
    totalPoints: 3,
    alreadyStored: 0,
    businesses: new BusinessRegistry(),
    // Only close() writes: one batch, whose tries the test scripts.
    flushEvery: 1_000,
    flushIntervalMs: 60_000,
    heartbeatMs: 60_000,
    onLost,
    writeRetryDelaysMs: delays,
    onWriteRetry,
  });
  return { writer, onLost, onWriteRetry };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('scan writer: a failed batch is tried again', () => {
  it('when the write fails twice (dropped at commit, then refused) and then works, then the batch is stored once, in this run, with every business it names', async () => {
    const fake = flakyDatabase(['dropped-at-commit', 'refused', 'ok']);
    const { writer, onLost, onWriteRetry } = writerOn(fake.db);
    for (const p of [point(0, ['a', 'b']), point(1, ['b', 'c']), point(2, ['a'])]) await writer.add(p);
    await writer.close();

    expect(fake.tries()).toBe(3);
    expect(onWriteRetry).toHaveBeenCalledTimes(2);
    expect(writer.lost).toBe(false);
    expect(onLost).not.toHaveBeenCalled();
    expect([...fake.points.keys()].sort()).toEqual([0, 1, 2]);
    // The try that was dropped numbered a, b and c without storing them: the retry read the
    // stored businesses again, so every stored reference names a stored business.
    expect(fake.registryReads).toHaveBeenCalledTimes(1);
    const refs = [...fake.points.values()].flatMap((p) => p.refs);
    for (const ref of refs) expect(fake.businesses.has(ref), `business ${ref}`).toBe(true);
    expect([...fake.businesses.values()].map((b) => b.key).sort()).toEqual(['place-a', 'place-b', 'place-c']);
  });

  it('when every try fails, then it is tried once per delay plus one, close() throws the last error, and the run is stopped', async () => {
    const fake = flakyDatabase(['refused', 'refused', 'refused', 'refused', 'ok']);
    const { writer, onLost } = writerOn(fake.db);
    await writer.add(point(0, ['a']));
    await expect(writer.close()).rejects.toThrow('ECONNREFUSED');
    expect(fake.tries()).toBe(4);
    expect(fake.points.size).toBe(0);
    expect(onLost).toHaveBeenCalledTimes(1);
    // Later points are refused: the run is over.
    await expect(writer.add(point(1, ['a']))).rejects.toThrow('ECONNREFUSED');
  });

  it('when the lease is lost while the write is retried, then the retry writes nothing and the run ends as lost, not failed', async () => {
    // The first try fails; by the second another run holds the lease.
    const fake = flakyDatabase(['refused', 'ok'], { leaseHeld: (tryNumber) => tryNumber < 2 });
    const { writer, onLost } = writerOn(fake.db);
    await writer.add(point(0, ['a']));
    await writer.close();
    expect(fake.tries()).toBe(2);
    expect(fake.inserts).not.toHaveBeenCalled();
    expect(fake.points.size).toBe(0);
    expect(writer.lost).toBe(true);
    expect(onLost).toHaveBeenCalledTimes(1);
  });

  it('when the run is disposed while a failed write waits for its next try, then nothing more is tried', async () => {
    const fake = flakyDatabase(['refused', 'ok']);
    const { writer } = writerOn(fake.db, vi.fn(), [10_000]);
    await writer.add(point(0, ['a']));
    const closing = writer.close();
    await vi.waitFor(() => expect(fake.tries()).toBe(1));
    writer.dispose();
    await expect(closing).rejects.toThrow('ECONNREFUSED');
    expect(fake.tries()).toBe(1);
    expect(fake.points.size).toBe(0);
  });
});
