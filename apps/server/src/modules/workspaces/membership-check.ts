import { LRUCache } from 'lru-cache';
import type { Membership } from './workspaces.repository';

export type MembershipLookup = (workspaceId: string, userId: string) => Promise<Membership | null>;

/** About 2 MB when full. */
const MAX_ENTRIES = 10_000;

/**
 * Per-process cache of (workspace, person) → role and assigned clients, asked on every
 * authenticated call (plugins/auth.ts), like the session check beside it: a hit is a Map
 * lookup; a miss is one query shared by the calls that miss meanwhile. A change made by this
 * process is seen at once (`forget`); one made by another process when the entry expires,
 * at most `ttlMs` (SESSION_CHECK_TTL_SECONDS) after it committed: removing a member or
 * lowering their role takes effect within that bound (docs/decisions.md §30.4).
 */
export class MembershipCheck {
  private readonly entries: LRUCache<string, { membership: Membership | null }>;
  private readonly pending = new Map<string, Promise<Membership | null>>();
  private generation = 0;

  constructor(
    private readonly lookup: MembershipLookup,
    private readonly ttlMs: number,
  ) {
    this.entries = new LRUCache({ max: MAX_ENTRIES, ttl: Math.max(1, ttlMs), ttlAutopurge: false });
  }

  of(workspaceId: string, userId: string): Membership | null | Promise<Membership | null> {
    const key = `${workspaceId}:${userId}`;
    if (this.ttlMs > 0) {
      const hit = this.entries.get(key);
      if (hit) return hit.membership;
    }
    return this.pending.get(key) ?? this.query(key, workspaceId, userId);
  }

  /** Call after a change to a membership committed (role, clients, removal, a new member). */
  forget(workspaceId: string, userId: string): void {
    this.generation++;
    this.pending.clear();
    this.entries.delete(`${workspaceId}:${userId}`);
  }

  private query(key: string, workspaceId: string, userId: string): Promise<Membership | null> {
    const generation = this.generation;
    const query = this.lookup(workspaceId, userId).then(
      (membership) => {
        if (this.pending.get(key) === query) this.pending.delete(key);
        if (generation === this.generation && this.ttlMs > 0) this.entries.set(key, { membership });
        return membership;
      },
      (err: unknown) => {
        if (this.pending.get(key) === query) this.pending.delete(key);
        throw err;
      },
    );
    this.pending.set(key, query);
    return query;
  }
}
