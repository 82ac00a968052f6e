import type { Container } from '../../container';
import { sweepIdempotencyKeys } from '../../modules/api-v1/idempotency';

/** Deletes the Idempotency-Key rows past their 24 hours (docs/decisions.md §26.3). */
export async function handleIdempotencySweep(container: Pick<Container, 'database' | 'log'>): Promise<void> {
  const deleted = await sweepIdempotencyKeys(container);
  if (deleted > 0) container.log.info({ deleted }, 'barrido de claves de idempotencia caducadas');
}
