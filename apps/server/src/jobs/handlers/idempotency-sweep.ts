import type { Container } from '../../container';
import { sweepIdempotencyKeys } from '../../modules/api-v1/idempotency';
import { sweepMcpIdempotencyKeys } from '../../mcp/mcp-idempotency';

/** Deletes the Idempotency-Key rows, and the MCP tools' idempotencyKey rows, past their 24 hours (docs/decisions.md §26.3 and docs/decisions.md §33.7). */
export async function handleIdempotencySweep(container: Pick<Container, 'database' | 'log'>): Promise<void> {
  const deleted = (await sweepIdempotencyKeys(container)) + (await sweepMcpIdempotencyKeys(container));
  if (deleted > 0) container.log.info({ deleted }, 'barrido de claves de idempotencia caducadas');
}
