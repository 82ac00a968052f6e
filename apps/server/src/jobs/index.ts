import type { Container } from '../container';

/** Registers every job handler with pg-boss. Runs in the API process (embedded default) or in `npm run worker`. */
export async function startWorkers(container: Container): Promise<void> {
  void container;
}
