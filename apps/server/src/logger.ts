import pino, { type Logger, type LoggerOptions } from 'pino';
import type { Config } from './config';

/** How long a log line may wait in the buffer when little is logged. */
const FLUSH_EVERY_MS = 500;

/**
 * The process's JSON logger, to standard output.
 *
 * Lines are buffered (up to 4 KB, or half a second) instead of one write system call each:
 * under load, writing every request's line on its own was a fifth of a small route's CPU.
 * The buffer is written out when the process exits, however it exits (process.exit, the
 * end of the event loop, an uncaught exception: logger.test.ts); only a SIGKILL or a
 * machine crash can lose its last half second.
 *
 * Writes are synchronous (`sync: true`, still one write per 4 KB): with asynchronous
 * writes, a 4 KB chunk still in flight at exit landed after the rest flushed on exit, and
 * the lines came out of order. pino only flushes asynchronous destinations on exit, so the
 * exit handler here is ours.
 */
export function createLogger(config: Pick<Config, 'logLevel' | 'isProduction'>): Logger {
  const destination = pino.destination({ dest: 1, sync: true, minLength: 4096 });
  setInterval(() => destination.flush(), FLUSH_EVERY_MS).unref();
  process.once('exit', () => destination.flushSync());
  return pino({ level: config.logLevel, ...LOG_REDACTION }, destination);
}

/**
 * What no log line may show: session tokens and API keys (the Authorization header,
 * docs/decisions.md §26.1) and cookies. Tests log through the same options.
 */
export const LOG_REDACTION: Pick<LoggerOptions, 'redact'> = {
  redact: { paths: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'], censor: '[redactado]' },
};
