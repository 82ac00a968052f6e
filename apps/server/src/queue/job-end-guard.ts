import type { Logger } from 'pino';
import type { SqlExecutor } from '../db/client';

/** pg-boss's methods that record how a job ended, called by its workers without awaiting them. */
const UNAWAITED_CALLERS = /\bManager\.(complete|fail) /;

/**
 * pg-boss 10 records the end of a job (complete, or fail for a retry) without awaiting it
 * (timgit/pg-boss#577). If the database is unreachable at that moment (a restart, a failover),
 * the rejection goes unhandled and Node ends the process: one PostgreSQL restart would take
 * the API and every worker down. Those statements go through here instead: their failure is
 * logged and swallowed. The job stays "active" and pg-boss retries it when it expires; its
 * handlers are idempotent (a scan resumes or finds itself done, a sent mail is not sent again),
 * and the scan sweeper resumes a silent analysis before that.
 */
export function guardJobEnds(executor: SqlExecutor, log: Logger): SqlExecutor {
  return {
    async executeSql(text, values) {
      // Captured before the first await, so the calling pg-boss method is on the stack.
      const caller = new Error().stack ?? '';
      if (!UNAWAITED_CALLERS.test(caller)) return executor.executeSql(text, values);
      try {
        return await executor.executeSql(text, values);
      } catch (err) {
        log.warn({ err }, 'no se pudo registrar el final de un trabajo: se reintentará cuando caduque');
        return { rows: [{ count: 0 }] };
      }
    },
  };
}
