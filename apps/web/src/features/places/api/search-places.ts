import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { PlaceSuggestion } from '@rankmaps/shared/schemas/places';
import { api } from '@/lib/api-client';

/** GET /places/autocomplete: businesses whose name matches what the user typed. */
export const searchPlaces = (input: string, sessionToken: string, signal?: AbortSignal) =>
  api<{ suggestions: PlaceSuggestion[] }>(
    `/places/autocomplete?input=${encodeURIComponent(input)}&sessionToken=${encodeURIComponent(sessionToken)}`,
    { signal },
  );

/** Suggestions for the (already debounced) text; nothing is asked for under 2 characters. */
export function usePlaceSuggestions(input: string, sessionToken: string) {
  const text = input.trim();
  return useQuery<PlaceSuggestion[]>({
    queryKey: ['places', 'autocomplete', text],
    queryFn: ({ signal }) => searchPlaces(text, sessionToken, signal).then((r) => r.suggestions),
    enabled: text.length >= 2,
    // Keep the last list while the next one loads, so the suggestions do not flicker.
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}
