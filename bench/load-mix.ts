import type { LoadUser } from './load-seed';

// What the SPA asks for, weighted like a working session (apps/web/src): the analysis
// page polls a running analysis's status every 2 s (get-analysis-status.ts) and dominates;
// every page load reads the profile (lib/auth/session.tsx); the dashboard adds the
// subscription and the Google Business status; the places list, a place with its keywords;
// the analysis page reads the keyword, its list of analyses, the trend, the followed
// competitors and, once per analysis opened, the full results (rarer, and by far the largest).

export interface MixRequest {
  /** The route, ids replaced by {id}: what the figures are grouped by. */
  route: string;
  path: string;
  token: string;
  /** Set on status polls, so the answer can move the analysis along (running → completed). */
  statusOf?: string;
}

interface Entry {
  route: string;
  weight: number;
  build(user: LoadUser, state: MixState): { path: string; statusOf?: string; token?: string };
}

const pickOne = <T>(xs: readonly T[]): T => xs[Math.floor(Math.random() * xs.length)]!;

/** Analyses the scan driver queued and that have not been seen finished, and those finished but not opened yet. */
export class MixState {
  readonly running = new Map<string, { user: LoadUser; queuedAt: number }>();
  readonly fresh: { id: string; user: LoadUser }[] = [];
  /** Queued → seen completed by a poll, for the analyses the driver queued. */
  readonly scanWallMs: number[] = [];
  failed = 0;

  constructor(readonly users: LoadUser[]) {}

  queued(id: string, user: LoadUser) {
    this.running.set(id, { user, queuedAt: performance.now() });
  }

  /** A status answer: once an analysis is done its page stops polling and loads the full results. */
  sawStatus(id: string, status: string) {
    const run = this.running.get(id);
    if (!run || (status !== 'completed' && status !== 'failed')) return;
    this.running.delete(id);
    if (status === 'failed') {
      this.failed++;
      return;
    }
    this.scanWallMs.push(performance.now() - run.queuedAt);
    run.user.analysisIds.push(id);
    this.fresh.push({ id, user: run.user });
  }
}

const MIX: Entry[] = [
  {
    route: 'GET /api/rankmap/{id}/status',
    weight: 40,
    // Half the polls follow an analysis the driver queued (its owner's token); the rest stand
    // for the many other users' pages polling their own, costed the same.
    build: (user, state) => {
      if (state.running.size > 0 && Math.random() < 0.5) {
        const [id, run] = pickOne([...state.running.entries()]);
        return { path: `/api/rankmap/${id}/status`, statusOf: id, token: run.user.token };
      }
      return { path: `/api/rankmap/${pickOne(user.analysisIds)}/status` };
    },
  },
  { route: 'GET /api/user/profile', weight: 10, build: () => ({ path: '/api/user/profile' }) },
  { route: 'GET /api/rankmap/keyword/{id}', weight: 8, build: (u) => ({ path: `/api/rankmap/keyword/${pickOne(u.keywordIds)}` }) },
  { route: 'GET /api/place', weight: 8, build: () => ({ path: '/api/place' }) },
  { route: 'GET /api/place/{id}?withKeywords=true', weight: 6, build: (u) => ({ path: `/api/place/${u.placeId}?withKeywords=true` }) },
  { route: 'GET /api/payment/subscription-info', weight: 5, build: () => ({ path: '/api/payment/subscription-info' }) },
  { route: 'GET /api/gbp/connection/status', weight: 5, build: () => ({ path: '/api/gbp/connection/status' }) },
  { route: 'GET /api/keyword/{id}', weight: 5, build: (u) => ({ path: `/api/keyword/${pickOne(u.keywordIds)}` }) },
  {
    route: 'GET /api/rankmap/{id}',
    weight: 5,
    // An analysis that just finished is opened first (its first read builds the answer); otherwise one of the user's.
    build: (user, state) => {
      const fresh = state.fresh.shift();
      if (fresh) return { path: `/api/rankmap/${fresh.id}`, token: fresh.user.token };
      return { path: `/api/rankmap/${pickOne(user.analysisIds)}` };
    },
  },
  { route: 'GET /api/rankmap/keyword/{id}/trend', weight: 4, build: (u) => ({ path: `/api/rankmap/keyword/${pickOne(u.keywordIds)}/trend` }) },
  { route: 'GET /api/place/{id}/competitors', weight: 4, build: (u) => ({ path: `/api/place/${u.placeId}/competitors` }) },
];

const TOTAL_WEIGHT = MIX.reduce((n, e) => n + e.weight, 0);

export const MIX_WEIGHTS = Object.fromEntries(MIX.map((e) => [e.route, `${Math.round((e.weight / TOTAL_WEIGHT) * 100)}%`]));
export const MIX_SHARES: Record<string, number> = Object.fromEntries(MIX.map((e) => [e.route, e.weight / TOTAL_WEIGHT]));
export const MIX_ROUTES = MIX.map((e) => e.route);

/** The next request of the mix, for a random user. */
export function nextRequest(state: MixState): MixRequest {
  let r = Math.random() * TOTAL_WEIGHT;
  let entry = MIX[0]!;
  for (const e of MIX) {
    entry = e;
    r -= e.weight;
    if (r < 0) break;
  }
  const user = pickOne(state.users);
  const built = entry.build(user, state);
  return { route: entry.route, path: built.path, token: built.token ?? user.token, statusOf: built.statusOf };
}

/** What a browser sends with each call (api-client.ts): JSON, compressed as Chromium negotiates. */
export function browserHeaders(token: string): Record<string, string> {
  return { accept: 'application/json', 'accept-encoding': 'gzip, deflate, br, zstd', authorization: `Bearer ${token}` };
}
