import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Issue 26: a screen that loads data shows its loading, its failure (with «Reintentar») and its
// emptiness through QueryState, not through a spinner and an error block of its own. This reads
// the sources: every component that looks at how a query is doing (isPending, isError, error…)
// must render QueryState, or be listed below with the reason it does not.

const src = path.resolve(import.meta.dirname, '../..');

/** Components that read a query's state without being a screen of that data; each with its reason. */
const ALLOWED: Record<string, string> = {
  'lib/auth/session.tsx': 'the session provider: a failed profile logs out, a pending one is the route guard’s loader',
  'app/routes/operator.tsx': 'an access check: a 403 shows «no encontrada», nothing else is drawn until it passes',
  'features/gbp/components/gbp-tile.tsx': 'a figure on the dashboard tile; the GBP panel beside it shows the same failure with «Reintentar»',
  'features/places/components/place-search.tsx': 'type-ahead suggestions under the search box, refetched on every keystroke',
  'features/places/components/service-area-locator.tsx': 'an address lookup as one types; its miss is a line under the box',
  'features/rankmaps/components/new-analysis-modal.tsx': 'the cost estimate in the modal’s cost box: one line says it is being worked out or unavailable',
  'features/places/components/schedule-modal.tsx': 'the weekly AI cost in the schedule modal’s cost box: one line says it is being worked out or unavailable',
  'app/routes/dashboard.tsx': 'the dashboard draws from the session’s profile; a failed subscription read is a banner over it, not the page’s state',
  // One-shot checks of a link or a payment: the answer (valid, paid, confirmed) is the page, a failure its own outcome with ways out.
  'app/routes/reset-password-token.tsx': 'a reset link’s check: a failure is «enlace no válido» with a new-link button',
  'features/auth/components/confirm-email-status.tsx': 'an e-mail confirmation link: success, invalid, or a network error with its own «Reintentar»',
  'features/billing/components/checkout-success.tsx': 'the payment’s outcome: unverified means «volver a planes» or support, not a retry',
  'features/sandbox/components/sandbox-checkout.tsx': 'the sandbox’s stand-in for Stripe: an unknown session is «no encontrada» with a way back',
  'features/plans/pricing-page.tsx': 'the price list draws from the built-in catalogue; a failed read of the plans narrows it to Básico with a notice',
  'features/places/components/place-client-card.tsx': 'a select that stays disabled until the clients load',
  'features/places/components/wizard-client-field.tsx': 'the wizard’s client select: disabled until the clients load; on failure the business is made without one',
};

/** Loaders that are not TanStack queries but feed a screen the same way. */
const OTHER_LOADERS = ['useLiveChat'];

const QUERY_CALL = String.raw`use(?:Query|SuspenseQuery|InfiniteQuery|Queries)\s*[<(]`;
const STATE_READ = String.raw`\.(?:isPending|isLoading|isError|isSuccess|error|status)\b`;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sources(full);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [full] : [];
  });
}

const files = new Map(sources(src).map((f) => [path.relative(src, f).split(path.sep).join('/'), readFileSync(f, 'utf8')]));

/**
 * The hooks that hand a query to their caller: those that return one (`return useQuery(…)`, or
 * another such hook's result), and those that return an object holding one.
 */
function queryHooks(texts: Iterable<string>): Set<string> {
  const hooks = new Set<string>();
  const chunks = [...texts].flatMap((text) => text.split(/(?=^export )/m)).flatMap((chunk) => {
    const name = /^export (?:function|const) (use[A-Z]\w*)/.exec(chunk)?.[1];
    return name ? [{ name, chunk }] : [];
  });
  for (let grown = true; grown; ) {
    grown = false;
    const call = `(?:${QUERY_CALL}|(?:${[...hooks, '$^'].join('|')})\\s*\\()`;
    for (const { name, chunk } of chunks) {
      if (hooks.has(name)) continue;
      const returned = new RegExp(`(?:return|=>)\\s*${call}`).test(chunk);
      const held = [...chunk.matchAll(new RegExp(`const (\\w+) = ${call}`, 'g'))].some(([, v]) => new RegExp(`return \\{[^}]*\\b${v}\\b`).test(chunk));
      if (returned || held) {
        hooks.add(name);
        grown = true;
      }
    }
  }
  return hooks;
}

/** Whether a component reads how a query is doing, given the hooks that return queries. */
function readsQueryState(text: string, hooks: Set<string>): boolean {
  const call = `(?:${QUERY_CALL}|(?:${[...hooks, '$^'].join('|')})\\s*\\()`;
  const names = [...text.matchAll(new RegExp(`const (\\w+) = ${call}`, 'g'))].map(([, v]) => v);
  // A query handed in as a prop (UseQueryResult) counts as the component's own.
  if (/\bUseQueryResult\b/.test(text)) names.push(...[...text.matchAll(/(\w+): UseQueryResult\b/g)].map(([, v]) => v));
  if (new RegExp(`const \\{[^}]*\\b(?:isPending|isLoading|isError|error)\\b[^}]*\\} = ${call}`).test(text)) return true;
  if (names.some((v) => new RegExp(`\\b${v}(?:\\.\\w+)?${STATE_READ}`).test(text))) return true;
  return OTHER_LOADERS.some((hook) => new RegExp(`\\b${hook}\\(`).test(text));
}

const hooks = queryHooks(files.values());
const components = [...files].filter(([file]) => file.endsWith('.tsx') && file !== 'components/ui/query-state.tsx');

describe('QueryState on every screen that loads data (issue 26)', () => {
  it('finds the query hooks', () => {
    // A few that must be found, so a change in how hooks are written does not empty the check.
    for (const hook of ['usePlaces', 'useComparison', 'useAnalysisSelection', 'useOperatorChats', 'useGbpStatus']) expect(hooks).toContain(hook);
    expect(hooks).not.toContain('useCaptchaSubmit');
  });

  it('every component that reads a query’s state renders QueryState', () => {
    const offenders = components.filter(([file, text]) => !ALLOWED[file] && readsQueryState(text, hooks) && !/<QueryState\b/.test(text)).map(([file]) => file);
    expect(offenders).toEqual([]);
  });

  it('the allow-list names only components that still need it', () => {
    const stale = Object.keys(ALLOWED).filter((file) => {
      const text = files.get(file);
      return text === undefined || !readsQueryState(text, hooks) || /<QueryState\b/.test(text);
    });
    expect(stale).toEqual([]);
  });
});
