/** Query keys of the places feature, in one place so mutations invalidate the right ones. */
export const placesKeys = {
  all: ['places'] as const,
  list: () => [...placesKeys.all, 'list'] as const,
  detail: (id: string) => [...placesKeys.all, 'detail', id] as const,
};
