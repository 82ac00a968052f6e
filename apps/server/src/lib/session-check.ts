import { LRUCache } from 'lru-cache';

/**
 * Which user a session (refresh-token family) belongs to while it is live: null once it is
 * revoked, or when the database does not know it.
 */
export type SessionOwnerLookup = (sessionId: string) => Promise<string | null>;

export interface SessionCheckOptions {
  /** How long a live answer is trusted without asking the database again (SESSION_CHECK_TTL_SECONDS). */
  ttlMs: number;
  /** Sessions remembered at most; the oldest is forgotten first. */
  maxEntries?: number;
  now?: () => number;
}

/** About 1.5 MB when full: a day's sign-ins of a busy process fit several times over. */
const DEFAULT_MAX_ENTRIES = 10_000;

interface Entry {
  owner: string | null;
  /** When a live answer must be asked again. A null answer never expires: no session comes back. */
  expiresAt: number;
}

/**
 * Per-process cache of session → owner, asked on every authenticated call (plugins/auth.ts).
 * A hit is a Map lookup, so the check costs nothing on the hot path; a miss is one database
 * query, shared by every call that misses the same session meanwhile.
 *
 * A revocation made by this process is marked here at once. One made by another process is
 * seen when this process's answer for the session expires: at most ttlMs after it committed,
 * because an answer is dated from when its query started, not from when it came back.
 */
export class SessionCheck {
  /** Read with peek: the bound forgets the oldest stored first, however often it is read. */
  private readonly entries: LRUCache<string, Entry>;
  /**
   * Queries in flight, by session. Not lru-cache's fetchMethod: a user-wide revocation must
   * drop every in-flight query whatever its session, and an answer is dated from when its
   * query started; both are kept here, around a plain LRUCache.
   */
  private readonly pending = new Map<string, Promise<string | null>>();
  /** Bumped by every revocation, so a query that started before one never stores its answer. */
  private generation = 0;
  private readonly ttlMs: number;
  private readonly now: () => number;

  constructor(
    private readonly lookup: SessionOwnerLookup,
    options: SessionCheckOptions,
  ) {
    this.ttlMs = options.ttlMs;
    this.entries = new LRUCache({ max: Math.max(1, options.maxEntries ?? DEFAULT_MAX_ENTRIES) });
    this.now = options.now ?? Date.now;
  }

  /** The live session's user id, or null. A hit answers synchronously: no promise, no query. */
  ownerOf(sessionId: string): string | null | Promise<string | null> {
    const entry = this.entries.peek(sessionId);
    if (entry && (entry.owner === null || entry.expiresAt > this.now())) return entry.owner;
    return this.pending.get(sessionId) ?? this.query(sessionId);
  }

  /** Call after the revocation committed: from now on this process refuses the session. */
  markRevoked(sessionId: string): void {
    this.invalidatePending();
    this.store(sessionId, null, 0);
  }

  /** Call after all of a user's sessions were revoked (password reset). */
  markUserRevoked(userId: string): void {
    this.invalidatePending();
    for (const entry of this.entries.values()) if (entry.owner === userId) entry.owner = null;
  }

  /** Sessions currently remembered (tests and diagnostics). */
  get size(): number {
    return this.entries.size;
  }

  private query(sessionId: string): Promise<string | null> {
    const generation = this.generation;
    const startedAt = this.now();
    const done = () => {
      if (this.pending.get(sessionId) === query) this.pending.delete(sessionId);
    };
    const query = this.lookup(sessionId).then(
      (owner) => {
        done();
        if (generation === this.generation) this.store(sessionId, owner, startedAt + this.ttlMs);
        return owner;
      },
      (err: unknown) => {
        // Nothing is remembered: the next call asks again (a database outage is not a revocation).
        done();
        throw err;
      },
    );
    this.pending.set(sessionId, query);
    return query;
  }

  /**
   * A query in flight may have read the session before the revocation committed: later calls
   * must not join it, and its answer must not be stored. Its own callers, which arrived before
   * the revocation, still get it.
   */
  private invalidatePending(): void {
    this.generation++;
    this.pending.clear();
  }

  private store(sessionId: string, owner: string | null, expiresAt: number): void {
    this.entries.set(sessionId, { owner, expiresAt });
  }
}
