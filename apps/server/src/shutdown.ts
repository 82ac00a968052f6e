import type { Logger } from 'pino';

/** What a process may take from SIGTERM to its exit (docs/operations.md "Shutdown"). */
export const SHUTDOWN_BUDGET_MS = 15_000;

/**
 * On SIGTERM or SIGINT, runs `close` once and exits 0, or 1 if it fails. A hard timer exits 1
 * (with an error line) when `close` takes longer than the budget, so an orchestrator that kills
 * after its own grace period (Kubernetes: 30 s by default) never has to.
 */
export function exitOnSignals(log: Logger, close: () => Promise<void>, budgetMs = SHUTDOWN_BUDGET_MS): void {
  let closing = false;
  const shutdown = async (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    const started = performance.now();
    log.info({ signal, budgetMs }, 'cerrando: se terminan las peticiones y los trabajos en curso');
    const force = setTimeout(() => {
      log.error({ budgetMs }, 'cierre: no terminó a tiempo; se fuerza la salida');
      process.exit(1);
    }, budgetMs).unref();
    try {
      await close();
      clearTimeout(force);
      log.info({ ms: Math.round(performance.now() - started) }, 'cerrado');
      process.exit(0);
    } catch (err) {
      log.error({ err }, 'error al cerrar');
      process.exit(1);
    }
  };
  process.once('SIGTERM', (signal) => void shutdown(signal));
  process.once('SIGINT', (signal) => void shutdown(signal));
}
