import { rmSync } from 'node:fs';
import { round, startServer, tempDataDir } from './lib';

/** Time from process spawn to a healthy /api/health, on a fresh embedded database and on a warm one. */
export async function benchColdStart() {
  const dataDir = tempDataDir();
  try {
    const first = await startServer({ port: 3411, dataDir });
    await first.stop();
    const warm: number[] = [];
    for (let i = 0; i < 3; i++) {
      const s = await startServer({ port: 3411, dataDir });
      warm.push(s.readyMs);
      await s.stop();
    }
    return {
      name: 'cold start to ready (embedded PGlite)',
      firstStartMs: round(first.readyMs),
      warmStartMs: warm.map((m) => round(m)),
    };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
