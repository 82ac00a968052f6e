import { afterAll } from 'vitest';
/** Polls `check` every 100 ms until it holds; fails with `what` after `timeoutMs`. */
export async function until(what: string, check: () => Promise<boolean> | boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

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
