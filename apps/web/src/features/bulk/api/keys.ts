/** Query keys of the bulk actions (docs/workspace.md «Bulk keywords» and «Analizar todas»). */
export const bulkKeys = {
  places: () => ['bulk', 'places'] as const,
  analyzeAllPreview: (placeId: string) => ['bulk', 'analyze-all', placeId, 'preview'] as const,
  /** The analyses «Analizar todas» started for a place, keyword → analysis, for the keyword cards' progress. */
  started: (placeId: string) => ['bulk', 'analyze-all', placeId, 'started'] as const,
  status: (rankMapId: string) => ['bulk', 'status', rankMapId] as const,
};
