import { useCallback } from 'react';
import { apiErrorText } from '@/lib/api-client';
import { useAlerts } from './alerts/alerts-context';
import type { ConfirmOptions } from './alerts/alert-types';
import { useToast } from './toasts/toast-context';

export interface ToastedAction {
  run: () => Promise<unknown>;
  /** The toast when it worked. */
  done: string;
  /** The toast when it failed, unless the server refused it with words of its own. */
  failed: string;
  /** Asked first (a destructive action: the red button); nothing runs on «No». */
  confirm?: ConfirmOptions;
  /** Told when it starts and ends running (after the question), for a row that shows it is busy. */
  busy?: (running: boolean) => void;
}

/**
 * Runs an action of a list row (revoke, delete, cancel…) and says in a toast how it went.
 * Resolves true when it ran and worked.
 */
export function useToastedAction(): (action: ToastedAction) => Promise<boolean> {
  const { confirm } = useAlerts();
  const toast = useToast();
  return useCallback(
    async ({ run, done, failed, confirm: question, busy }: ToastedAction) => {
      if (question && !(await confirm(question))) return false;
      busy?.(true);
      try {
        await run();
        toast({ type: 'success', message: done });
        return true;
      } catch (err) {
        toast({ type: 'error', message: apiErrorText(err, failed) });
        return false;
      } finally {
        busy?.(false);
      }
    },
    [confirm, toast],
  );
}
