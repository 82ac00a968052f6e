/** Query keys of the rankmaps feature, in one place so mutations invalidate the right ones. */
export const rankmapsKeys = {
  all: ['rankmaps'] as const,
  keyword: (id: string) => [...rankmapsKeys.all, 'keyword', id] as const,
  lists: () => [...rankmapsKeys.all, 'list'] as const,
  list: (keywordId: string) => [...rankmapsKeys.lists(), keywordId] as const,
  detail: (id: string) => [...rankmapsKeys.all, 'detail', id] as const,
  compare: (id: string, otherId: string) => [...rankmapsKeys.all, 'compare', id, otherId] as const,
  status: (id: string) => [...rankmapsKeys.all, 'status', id] as const,
  placeGrid: (placeId: string) => [...rankmapsKeys.all, 'place-grid', placeId] as const,
  trendAll: () => [...rankmapsKeys.all, 'trend'] as const,
  trend: (keywordId: string) => [...rankmapsKeys.trendAll(), keywordId] as const,
  followed: (placeId: string) => [...rankmapsKeys.all, 'followed', placeId] as const,
  scanQuota: () => [...rankmapsKeys.all, 'scan-quota'] as const,
  creditForecast: () => [...rankmapsKeys.all, 'credit-forecast'] as const,
};

/** A 404 is an answer, not a hiccup: no retries, the page acts on it at once. */
export const retryUnless404 = (count: number, err: unknown) => (err as { status?: number }).status !== 404 && count < 2;
