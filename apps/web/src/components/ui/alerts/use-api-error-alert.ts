import { useCallback } from 'react';
import { alertTypeForError } from './alert-types';
import { useAlerts } from './alerts-context';

/**
 * For the server's plan and balance refusals (docs/product.md §6): `upgrade_required` opens the
 * upgrade alert (→ /subscription), `insufficient_credits` the credits alert (→ /buy-credits),
 * with the server's sentence as the message. Returns false for any other error, which the
 * caller then shows its own way.
 *
 *   const showApiAlert = useApiErrorAlert();
 *   catch (err) { if (!showApiAlert(err)) setError(...) }
 */
export function useApiErrorAlert(): (err: unknown) => boolean {
  const { alert } = useAlerts();
  return useCallback(
    (err: unknown) => {
      const type = alertTypeForError(err);
      if (!type || !(err instanceof Error)) return false;
      void alert({ type, message: err.message });
      return true;
    },
    [alert],
  );
}
