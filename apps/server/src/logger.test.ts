import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const LOGGER = path.join(path.dirname(fileURLToPath(import.meta.url)), 'logger.ts');

/** Runs `body` in a fresh Node process with the logger as `log`; answers its standard output's JSON lines. */
function run(body: string) {
  const script = `import { createLogger } from ${JSON.stringify(LOGGER)};
const log = createLogger({ logLevel: 'info', isProduction: true });
${body}`;
  const child = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { encoding: 'utf8', timeout: 30_000 });
  const lines = child.stdout
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as { msg: string; level: number });
  return { status: child.status, lines };
}

describe('logger: buffered lines are never lost on exit', () => {
  it('when the process calls process.exit right after logging, then every line is written, in order', () => {
    const { status, lines } = run(`for (let i = 0; i < 300; i++) log.info({ i }, 'línea ' + i);\nprocess.exit(3);`);
    expect(status).toBe(3);
    expect(lines.map((l) => l.msg)).toEqual(Array.from({ length: 300 }, (_, i) => `línea ${i}`));
  });

  it('when the process dies of an uncaught exception, then the lines logged before are written', () => {
    const { status, lines } = run(`log.error('antes del fallo');\nsetTimeout(() => { throw new Error('fallo'); }, 10);`);
    expect(status).not.toBe(0);
    expect(lines.map((l) => l.msg)).toEqual(['antes del fallo']);
  });

  it('when the process keeps running, then a line is written within a second, not only when the buffer fills', () => {
    const { lines } = run(`log.info('sola');\nsetTimeout(() => { process.stdout.write('{"msg":"fin"}\\n'); process.kill(process.pid, 'SIGKILL'); }, 1200);`);
    expect(lines.map((l) => l.msg)).toEqual(['sola', 'fin']);
  });
});
