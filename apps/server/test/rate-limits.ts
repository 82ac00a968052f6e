import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';

/**
 * Calls `call` every 100 ms until it answers 429, failing after `timeoutMs`: the refusal, and
 * how many calls went through before it (each of them a 200).
 */
export async function callsUntilRefused(
  call: () => Promise<LightMyRequestResponse>,
  timeoutMs = 5_000,
): Promise<{ refused: LightMyRequestResponse; allowed: number }> {
  const statuses: number[] = [];
  let refused: LightMyRequestResponse | undefined;
  await expect
    .poll(
      async () => {
        const res = await call();
        if (res.statusCode === 429) refused = res;
        else statuses.push(res.statusCode);
        return res.statusCode;
      },
      { message: 'a 429', timeout: timeoutMs, interval: 100 },
    )
    .toBe(429);
  expect(statuses.every((status) => status === 200)).toBe(true);
  return { refused: refused!, allowed: statuses.length };
}
