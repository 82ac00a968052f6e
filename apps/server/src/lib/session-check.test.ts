import { describe, expect, it } from 'vitest';
import { SessionCheck } from './session-check';

const TTL = 30_000;

/** A database stand-in: answers from `owners`, counts queries, and can hold them until released. */
function fakeLookup(owners: Record<string, string | null> = {}) {
  const calls: string[] = [];
  const held: (() => void)[] = [];
  let holding = false;
  let failing: Error | null = null;
  const lookup = (sessionId: string) => {
    calls.push(sessionId);
    // Read when the query starts, as a database snapshot would be.
    const [owner, error] = [owners[sessionId] ?? null, failing];
    const answer = () => (error ? Promise.reject(error) : Promise.resolve(owner));
    if (!holding) return answer();
    return new Promise<string | null>((resolve, reject) => held.push(() => void answer().then(resolve, reject)));
  };
  return {
    lookup,
    owners,
    calls,
    hold: () => {
      holding = true;
    },
    release: () => {
      holding = false;
      for (const go of held.splice(0)) go();
    },
    fail: (err: Error | null) => {
      failing = err;
    },
  };
}

function setUp(owners: Record<string, string | null>, opts: { ttlMs?: number; maxEntries?: number } = {}) {
  const db = fakeLookup(owners);
  const clock = { now: 1_000_000 };
  const check = new SessionCheck(db.lookup, { ttlMs: opts.ttlMs ?? TTL, maxEntries: opts.maxEntries, now: () => clock.now });
  return { db, clock, check };
}

describe('SessionCheck', () => {
  it('when a live session is asked again within the TTL, then the database is asked once and a hit answers synchronously', async () => {
    const { db, clock, check } = setUp({ s1: 'u1' });
    expect(await check.ownerOf('s1')).toBe('u1');
    clock.now += TTL - 1;
    expect(check.ownerOf('s1')).toBe('u1');
    expect(db.calls).toEqual(['s1']);
  });

  it('when the TTL has passed, then the database is asked again and a revocation made elsewhere is seen', async () => {
    const { db, clock, check } = setUp({ s1: 'u1' });
    expect(await check.ownerOf('s1')).toBe('u1');
    db.owners.s1 = null; // another process revoked it
    clock.now += TTL - 1;
    expect(await check.ownerOf('s1')).toBe('u1');
    clock.now += 1;
    expect(await check.ownerOf('s1')).toBeNull();
    expect(db.calls).toEqual(['s1', 's1']);
  });

  it('when a query is slow, then its answer expires a TTL after the query started, not after it came back', async () => {
    const { db, clock, check } = setUp({ s1: 'u1' });
    db.hold();
    const first = check.ownerOf('s1');
    clock.now += 20_000;
    db.release();
    expect(await first).toBe('u1');
    clock.now += TTL - 20_000;
    await check.ownerOf('s1');
    expect(db.calls).toHaveLength(2);
  });

  it('when a session is revoked or unknown, then the answer is kept past the TTL (it never comes back)', async () => {
    const { db, clock, check } = setUp({ gone: null });
    expect(await check.ownerOf('gone')).toBeNull();
    expect(await check.ownerOf('never-issued')).toBeNull();
    clock.now += 10 * TTL;
    expect(check.ownerOf('gone')).toBeNull();
    expect(check.ownerOf('never-issued')).toBeNull();
    expect(db.calls).toEqual(['gone', 'never-issued']);
  });

  it('when many calls miss the same session at once, then they share one query', async () => {
    const { db, check } = setUp({ s1: 'u1', s2: 'u2' });
    db.hold();
    const answers = ['s1', 's1', 's2', 's1'].map((s) => Promise.resolve(check.ownerOf(s)));
    expect(db.calls).toEqual(['s1', 's2']);
    db.release();
    expect(await Promise.all(answers)).toEqual(['u1', 'u1', 'u2', 'u1']);
    expect(check.ownerOf('s1')).toBe('u1');
    expect(db.calls).toEqual(['s1', 's2']);
  });

  it('when the shared query fails, then every waiter gets the error, nothing is remembered and the next call asks again', async () => {
    const { db, check } = setUp({ s1: 'u1' });
    db.hold();
    db.fail(new Error('connection lost'));
    const answers = [check.ownerOf('s1'), check.ownerOf('s1')];
    db.release();
    for (const answer of answers) await expect(answer).rejects.toThrow('connection lost');
    expect(db.calls).toEqual(['s1']);
    db.fail(null);
    expect(await check.ownerOf('s1')).toBe('u1');
    expect(db.calls).toEqual(['s1', 's1']);
  });

  it('when this process revokes a cached live session, then it is refused at once without asking the database', async () => {
    const { db, check } = setUp({ s1: 'u1', s2: 'u1' });
    await check.ownerOf('s1');
    await check.ownerOf('s2');
    check.markRevoked('s1');
    expect(check.ownerOf('s1')).toBeNull();
    expect(check.ownerOf('s2')).toBe('u1');
    expect(db.calls).toEqual(['s1', 's2']);
  });

  it('when a revocation happens while a query is in flight, then later calls do not join it and its stale answer is not stored', async () => {
    const { db, check } = setUp({ s1: 'u1' });
    db.hold();
    const before = check.ownerOf('s1');
    check.markRevoked('s1');
    expect(check.ownerOf('s1')).toBeNull();
    db.release();
    // The call that arrived before the revocation gets what the database said then.
    expect(await before).toBe('u1');
    expect(check.ownerOf('s1')).toBeNull();
  });

  it('when a user-wide revocation happens while a query is in flight, then the stale answer is not stored and the next call asks again', async () => {
    const { db, check } = setUp({ s1: 'u1' });
    db.hold();
    const before = check.ownerOf('s1');
    check.markUserRevoked('u1');
    db.owners.s1 = null;
    const after = check.ownerOf('s1');
    db.release();
    expect(await before).toBe('u1');
    expect(await after).toBeNull();
    expect(db.calls).toEqual(['s1', 's1']);
  });

  it('when all of a user’s sessions are revoked, then each cached one is refused and other users’ sessions stay live', async () => {
    const { db, check } = setUp({ a1: 'u1', a2: 'u1', b1: 'u2' });
    for (const s of ['a1', 'a2', 'b1']) await check.ownerOf(s);
    check.markUserRevoked('u1');
    expect(check.ownerOf('a1')).toBeNull();
    expect(check.ownerOf('a2')).toBeNull();
    expect(check.ownerOf('b1')).toBe('u2');
    expect(db.calls).toHaveLength(3);
  });

  it('when more sessions are seen than the bound, then the oldest stored is forgotten first and the size stays bounded', async () => {
    const { db, check } = setUp({ s1: 'u', s2: 'u', s3: 'u', s4: 'u' }, { maxEntries: 3 });
    for (const s of ['s1', 's2', 's3', 's4']) await check.ownerOf(s);
    expect(check.size).toBe(3);
    expect(check.ownerOf('s4')).toBe('u');
    expect(check.ownerOf('s2')).toBe('u');
    expect(db.calls).toEqual(['s1', 's2', 's3', 's4']);
    await check.ownerOf('s1');
    expect(db.calls).toEqual(['s1', 's2', 's3', 's4', 's1']);
    expect(check.size).toBe(3);
  });

  it('when a revoked session is forgotten because of the bound, then asking again reads the revocation from the database', async () => {
    const { db, check } = setUp({ s1: 'u', s2: 'u' }, { maxEntries: 1 });
    await check.ownerOf('s1');
    db.owners.s1 = null;
    check.markRevoked('s1');
    await check.ownerOf('s2');
    expect(await check.ownerOf('s1')).toBeNull();
    expect(db.calls).toEqual(['s1', 's2', 's1']);
  });

  it('when the TTL is 0, then every call asks the database, though simultaneous ones still share a query', async () => {
    const { db, check } = setUp({ s1: 'u1' }, { ttlMs: 0 });
    expect(await check.ownerOf('s1')).toBe('u1');
    expect(await check.ownerOf('s1')).toBe('u1');
    expect(db.calls).toHaveLength(2);
    db.hold();
    const both = [Promise.resolve(check.ownerOf('s1')), Promise.resolve(check.ownerOf('s1'))];
    db.release();
    await Promise.all(both);
    expect(db.calls).toHaveLength(3);
  });
});
