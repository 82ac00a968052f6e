import type { Counter, Histogram } from 'prom-client';
import { httpDuration, httpRequests } from './metrics';

/** The label a request that matched no route gets: one value, whatever URL was asked for. */
export const UNMATCHED_ROUTE = '(sin ruta)';

type Children = { count: ReturnType<Counter<'method' | 'route' | 'status_code'>['labels']>; duration: ReturnType<Histogram<'method' | 'route' | 'status_code'>['labels']> };

// One entry per (method, route template, status): the children are looked up once, so a
// request costs a Map hit, an increment and an observe.
const children = new Map<string, Children>();

/** Counts one answered request; `route` is a template (routeOptions.url), never the URL asked for. */
export function observeRequest(method: string, route: string | undefined, statusCode: number, seconds: number): void {
  const template = route ?? UNMATCHED_ROUTE;
  const key = `${method} ${statusCode} ${template}`;
  let child = children.get(key);
  if (!child) {
    const labels = { method, route: template, status_code: String(statusCode) };
    child = { count: httpRequests.labels(labels), duration: httpDuration.labels(labels) };
    children.set(key, child);
  }
  child.count.inc();
  child.duration.observe(seconds);
}
