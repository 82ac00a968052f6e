import type { MetricsResultItem } from '@rankmaps/shared/metrics';
import type { ResultRef, StoredBusiness } from '../../db/rankmaps-schema';

// How per-point results are stored: each business once per analysis (rank_map_businesses),
// and at each point only [ref, position] pairs. These are the pure halves of that: numbering
// businesses as a scan meets them, and rebuilding the results a point listed.

export type { ResultRef, StoredBusiness };

/**
 * What identifies a business within an analysis: the provider's place id or, when it gave
 * none (some SERP items), its name and address. Migration 0010 computes the same key in SQL.
 */
export const businessKey = (item: Pick<MetricsResultItem, 'placeId' | 'name' | 'address'>): string =>
  item.placeId ? item.placeId : `~${item.name}|${item.address}`;

/** True for the key of a business the provider gave no id for. */
export const isUnidentifiedKey = (key: string) => key.startsWith('~');

export interface NewBusiness {
  ref: number;
  key: string;
  business: StoredBusiness;
}

/**
 * The businesses of one analysis, numbered in the order a scan meets them. A resumed scan
 * starts from the ones stored already, so refs stay unique and stable across runs.
 */
export class BusinessRegistry {
  private readonly refs = new Map<string, number>();
  private fresh: NewBusiness[] = [];

  constructor(stored: Iterable<{ ref: number; key: string }> = []) {
    for (const { ref, key } of stored) this.refs.set(key, ref);
  }

  get size() {
    return this.refs.size;
  }

  /** The [ref, position] pairs for these results, numbering the businesses not met before. */
  refsOf(items: readonly MetricsResultItem[]): ResultRef[] {
    return items.map((item) => [this.refOf(item), item.position]);
  }

  /** The businesses numbered since the last call: the ones the next write must store. */
  takeNew(): NewBusiness[] {
    const taken = this.fresh;
    this.fresh = [];
    return taken;
  }

  private refOf(item: MetricsResultItem): number {
    const key = businessKey(item);
    const known = this.refs.get(key);
    if (known !== undefined) return known;
    const ref = this.refs.size;
    this.refs.set(key, ref);
    this.fresh.push({ ref, key, business: storedBusiness(item) });
    return ref;
  }
}

/**
 * A business as stored once per analysis. Google's customer id and the web domain are kept
 * when the provider gave them: the metrics match our business by cid and join ads to their
 * competitor by domain (docs/decisions.md §21), also when they are computed again from the
 * stored points (a resumed scan).
 */
function storedBusiness(item: MetricsResultItem): StoredBusiness {
  return {
    name: item.name,
    address: item.address,
    rating: item.rating,
    userRatingCount: item.userRatingCount,
    placeId: item.placeId,
    location: item.location,
    categories: item.categories,
    ...(item.cid ? { cid: item.cid } : {}),
    ...(item.domain ? { domain: item.domain } : {}),
  };
}

/**
 * The results a point listed, rebuilt from its pairs. A ref with no business (which the
 * write's transaction rules out) is dropped rather than shown as a nameless result.
 */
export function resultsFromRefs(refs: readonly ResultRef[], businesses: ReadonlyMap<number, StoredBusiness>, isAd: boolean): MetricsResultItem[] {
  const items: MetricsResultItem[] = [];
  for (const [ref, position] of refs) {
    const b = businesses.get(ref);
    if (!b) continue;
    items.push({
      position,
      name: b.name,
      address: b.address,
      rating: b.rating,
      userRatingCount: b.userRatingCount,
      placeId: b.placeId,
      location: b.location,
      categories: b.categories,
      isAd,
      ...(b.cid ? { cid: b.cid } : {}),
      ...(b.domain ? { domain: b.domain } : {}),
    });
  }
  return items;
}
