import type { AiNamedBusiness } from './interface';

// Whether an AI answer names the tracked business, and which rule says so
// (docs/decisions.md §31.3). The rules go from the strongest evidence to the weakest, each across the whole list:
// place id, then cid, then website domain, then normalised name. A listed business whose place
// id or cid is known and differs from the tracked one's is another business (another branch of
// a chain, say) and cannot match by domain or name.

export type MatchRule = 'place_id' | 'cid' | 'domain' | 'name';

export interface MatchTarget {
  placeId: string | null;
  cid: string | null;
  /** The business's website, as a URL or a bare host. */
  domain: string | null;
  name: string;
}

export interface BusinessMatch {
  named: boolean;
  rule: MatchRule | null;
  /** The matched business's position in the answer's list (1-based). */
  position: number | null;
}

/** Second-level labels under which a company registers (example.co.uk, example.com.es). */
const SECOND_LEVEL = new Set(['co', 'com', 'org', 'net', 'gob', 'gov', 'edu', 'nom', 'ac']);

/**
 * Hosts many businesses share (site builders, social networks, directories, maps): a shared
 * host says nothing of which business it is, so only a business's own subdomain of it
 * (clinica.wixsite.com) counts as its domain.
 */
const SHARED_HOSTS = new Set([
  'google.com', 'google.es', 'sites.google.com', 'goo.gl', 'g.page', 'business.site', 'facebook.com', 'instagram.com', 'tiktok.com', 'linkedin.com', 'x.com',
  'twitter.com', 'youtube.com', 'linktr.ee', 'wixsite.com', 'wix.com', 'wordpress.com', 'blogspot.com', 'webnode.es', 'jimdofree.com',
  'negocio.site', 'doctoralia.es', 'tripadvisor.es', 'tripadvisor.com', 'paginasamarillas.es', 'treatwell.es', 'idealista.com', 'yelp.es',
  'yelp.com', 'thefork.es', 'eltenedor.es', 'top-doctors.es', 'habitissimo.es', 'cylex.es', 'infoisinfo.es',
]);

/** The host of a URL or bare host, lower case, without «www.», a port or a trailing dot; null when there is none. */
export function hostOf(urlOrHost: string | null | undefined): string | null {
  const raw = urlOrHost?.trim().toLowerCase();
  if (!raw) return null;
  let host: string;
  try {
    host = new URL(/^[a-z][a-z0-9+.-]*:\/\//.test(raw) ? raw : `http://${raw}`).hostname;
  } catch {
    return null;
  }
  host = host.replace(/\.$/, '').replace(/^(www\d?|m)\./, '');
  return /^[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(host) ? host : null;
}

/** The part of a host a company registers: «clinica.example.es» → «example.es», «a.example.co.uk» → «example.co.uk». */
export function registrableDomain(host: string): string {
  const labels = host.split('.');
  const take = labels.length >= 3 && SECOND_LEVEL.has(labels[labels.length - 2]!) ? 3 : 2;
  return labels.slice(-take).join('.');
}

/**
 * What identifies a business by its website: its registrable domain, or its own subdomain of a
 * shared host; null for a shared host itself (facebook.com/negocio says nothing by its host).
 */
export function businessDomain(urlOrHost: string | null | undefined): string | null {
  const host = hostOf(urlOrHost);
  if (!host) return null;
  const registrable = registrableDomain(host);
  if (!SHARED_HOSTS.has(registrable)) return registrable;
  return host !== registrable && !SHARED_HOSTS.has(host) ? host : null;
}

/** Legal forms a name may end with: «S.L.», «S.A.», «SLU», «S.L.L.», «S.Coop.», «C.B.», «S.C.»… once normalised. */
const LEGAL_SUFFIXES = [
  'sociedad limitada unipersonal', 'sociedad limitada', 'sociedad anonima', 's l u', 's l l', 's l n e', 's coop', 's a u', 's l', 's a', 's c', 'c b',
  'slu', 'sll', 'slne', 'sau', 'sl', 'sa', 'scp', 'sc', 'cb', 'ltd', 'llc', 'inc',
];

/**
 * A name as the matching compares it: lower case, no accents, «&» read as «y», punctuation as
 * spaces, spaces collapsed, and the legal form at the end dropped. «Clínica Dental Sonrisas,
 * S.L.» → «clinica dental sonrisas».
 */
export function normaliseBusinessName(name: string): string {
  let s = name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' y ')
    .replace(/[^a-z0-9]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  for (let changed = true; changed; ) {
    changed = false;
    for (const suffix of LEGAL_SUFFIXES) {
      if (s.endsWith(` ${suffix}`)) {
        s = s.slice(0, -suffix.length - 1).trim();
        changed = true;
      }
    }
  }
  return s;
}

/** Whether the answer names the tracked business, by the first rule that finds it (docs/decisions.md §31.3). */
export function matchBusiness(target: MatchTarget, businesses: readonly AiNamedBusiness[]): BusinessMatch {
  const found = (b: AiNamedBusiness, rule: MatchRule): BusinessMatch => ({ named: true, rule, position: b.position });
  const byPosition = [...businesses].sort((a, b) => a.position - b.position);

  if (target.placeId) {
    const b = byPosition.find((x) => x.placeId === target.placeId);
    if (b) return found(b, 'place_id');
  }
  if (target.cid) {
    const b = byPosition.find((x) => x.cid === target.cid);
    if (b) return found(b, 'cid');
  }
  // A business known by an id that is not the tracked one's is someone else.
  const otherwise = byPosition.filter((x) => !(x.placeId && target.placeId && x.placeId !== target.placeId) && !(x.cid && target.cid && x.cid !== target.cid));
  const domain = businessDomain(target.domain);
  if (domain) {
    const b = otherwise.find((x) => businessDomain(x.domain) === domain);
    if (b) return found(b, 'domain');
  }
  const name = normaliseBusinessName(target.name);
  if (name.length > 0) {
    const b = otherwise.find((x) => normaliseBusinessName(x.name) === name);
    if (b) return found(b, 'name');
  }
  return { named: false, rule: null, position: null };
}

/**
 * One key per business for the competitor table, the same for every answer that names it the
 * same way: «place:<id>» when the answer gives a place id, else «cid:<cid>», else
 * «domain:<domain>», else «name:<normalised name>».
 */
export function competitorKey(b: Pick<AiNamedBusiness, 'placeId' | 'cid' | 'domain' | 'name'>): string {
  if (b.placeId) return `place:${b.placeId}`;
  if (b.cid) return `cid:${b.cid}`;
  const domain = businessDomain(b.domain);
  if (domain) return `domain:${domain}`;
  return `name:${normaliseBusinessName(b.name)}`;
}
