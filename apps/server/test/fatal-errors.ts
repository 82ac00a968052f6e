import { afterAll } from 'vitest';
/**
 * What would end a real process: errors nobody handles, thrown or rejected, collected for the
 * file's tests to assert on (a drill fails if the app would have crashed). Unhooked after the file.
 */
export function collectFatalErrors(): unknown[] {
  const fatal: unknown[] = [];
  const onFatal = (err: unknown) => fatal.push(err);
  process.on('unhandledRejection', onFatal);
  process.on('uncaughtException', onFatal);
  afterAll(() => {
    process.off('unhandledRejection', onFatal);
    process.off('uncaughtException', onFatal);
  });
  return fatal;
}
