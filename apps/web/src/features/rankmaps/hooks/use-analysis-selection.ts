import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { profileQueryKey } from '@/lib/auth/session';
import { useNow } from '@/lib/use-now';
import { useAnalyses } from '../api/get-analyses';
import { useAnalysisStatus } from '../api/get-analysis-status';
import { useKeyword } from '../api/get-keyword';
import { rankmapsKeys } from '../api/keys';
import { isPollingActive, isRunningStatus, liveStatus, resolveSelection } from '../utils/analysis-logic';

/**
 * The data of the keyword analysis screen: the keyword, its analyses, which one is selected
 * and that one's live status, polled while it runs (docs/product.md §4).
 */
/** `initial`: the analysis a link names (?analysis=…, a notification's), selected when the list has it. */
export function useAnalysisSelection(keywordId: string, initial: string | null = null) {
  const queryClient = useQueryClient();
  // A clock for the timeline: a scheduled analysis whose time comes turns from Programado to Retrasado.
  const now = useNow(15_000);
  const keywordQuery = useKeyword(keywordId);
  const listQuery = useAnalyses(keywordId);
  const [chosen, setChosen] = useState<string | null>(initial);
  // A new link followed while the page is open (the bell, on this same keyword) selects its analysis.
  const [linked, setLinked] = useState(initial);
  if (initial !== linked) {
    setLinked(initial);
    if (initial) setChosen(initial);
  }

  const list = listQuery.data ?? [];
  const selectedId = resolveSelection(chosen, list, now);
  // The selection sticks once made, so a weekly scan starting later does not pull the page away.
  if (selectedId !== null && selectedId !== chosen) setChosen(selectedId);
  const selected = list.find((e) => e.id === selectedId);

  const statusQuery = useAnalysisStatus(selectedId, isPollingActive(selected, undefined, now));
  const polled = statusQuery.data;
  const live = selected ? liveStatus(selected, polled) : undefined;

  // docs/product.md §4: once the polled analysis finishes, the list is refreshed (and the profile: failed points were refunded).
  const entryStatus = selected?.status;
  const liveState = live?.status;
  useEffect(() => {
    if (!entryStatus || !liveState) return;
    if (isRunningStatus(entryStatus) && !isRunningStatus(liveState)) {
      void queryClient.invalidateQueries({ queryKey: rankmapsKeys.list(keywordId) });
      void queryClient.invalidateQueries({ queryKey: profileQueryKey });
    }
  }, [entryStatus, liveState, keywordId, queryClient]);

  return { now, keywordQuery, listQuery, list, selectedId, selected, polled, live, select: setChosen };
}
