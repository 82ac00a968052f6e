import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertBanner } from './alert-banner';
import { Button } from './button';
import { PageLoader, Spinner } from './spinner';

/** What `QueryState` reads of a TanStack query result; `bothQueries` makes one of two. */
export interface LoadableQuery<T> {
  data: T | undefined;
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  refetch: () => Promise<unknown>;
}

interface QueryStateProps<T> {
  query: LoadableQuery<T>;
  /** The error's text, shown above «Reintentar». */
  error: ReactNode;
  /** Replaces «Reintentar» when retrying cannot help (e.g. a link to the plans when the plan lacks the feature). */
  errorAction?: ReactNode;
  /** A line beside a small spinner (tabs, cards, panels); without it the full-area loader. */
  loading?: string;
  /** Replaces the spinner, for screens that draw a skeleton of what is coming. */
  loadingView?: ReactNode;
  /** Shown instead of `children` when `isEmpty` says the data holds nothing. */
  empty?: ReactNode;
  isEmpty?: (data: T) => boolean;
  /** Spacing around the loading line and the error (margins of the place it stands in). */
  className?: string;
  children: (data: T) => ReactNode;
}

/**
 * The one way a screen shows data it loads: a spinner while it comes, an error banner with
 * «Reintentar» when it fails, an optional empty state, then the data.
 */
export function QueryState<T>({ query, error, errorAction, loading, loadingView, empty, isEmpty, className = '', children }: QueryStateProps<T>) {
  if (query.isPending) {
    if (loadingView) return loadingView;
    if (loading === undefined) return <PageLoader />;
    return (
      <div role="status" className={`flex items-center gap-2 text-sm text-slate-600 ${className}`}>
        <Spinner className="h-4 w-4" />
        {loading}
      </div>
    );
  }
  if (query.isError || query.data === undefined)
    return (
      <div className={className}>
        <LoadError query={query} error={error} action={errorAction} />
      </div>
    );
  if (empty !== undefined && isEmpty?.(query.data)) return empty;
  return children(query.data);
}

function LoadError({ query, error, action }: { query: LoadableQuery<unknown>; error: ReactNode; action: ReactNode }) {
  const { t } = useTranslation();
  return (
    <AlertBanner tone="error" title={error}>
      {action ?? (
        <Button variant="secondary" className="mt-3 py-2!" loading={query.isFetching} onClick={() => void query.refetch()}>
          {t('retry')}
        </Button>
      )}
    </AlertBanner>
  );
}

/** Two queries a screen needs together: pending or failed while either is, retried together. */
export function bothQueries<A, B>(a: LoadableQuery<A>, b: LoadableQuery<B>): LoadableQuery<[A, B]> {
  return {
    data: a.data !== undefined && b.data !== undefined ? [a.data, b.data] : undefined,
    isPending: a.isPending || b.isPending,
    isError: a.isError || b.isError,
    isFetching: a.isFetching || b.isFetching,
    refetch: () => Promise.all([a.isError && a.refetch(), b.isError && b.refetch()]),
  };
}

/** A list of queries a screen needs together (`useQueries`): pending or failed while any is, the failed ones retried. */
export function allQueries<T>(queries: LoadableQuery<T>[]): LoadableQuery<T[]> {
  const data = queries.map((q) => q.data);
  return {
    data: data.every((d) => d !== undefined) ? data : undefined,
    isPending: queries.some((q) => q.isPending),
    isError: queries.some((q) => q.isError),
    isFetching: queries.some((q) => q.isFetching),
    refetch: () => Promise.all(queries.filter((q) => q.isError).map((q) => q.refetch())),
  };
}
