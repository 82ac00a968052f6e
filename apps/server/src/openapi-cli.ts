import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import pino from 'pino';
import { buildApp } from './app';
import { loadConfig } from './config';
import { createContainer } from './container';
import { openPglite } from './db/client';

// `npm run openapi -- <folder>`: writes the two API references (docs/api.md) as the server
// serves them, without developer tools: public.json (/api/docs/json) and internal.json
// (/api/docs/internal/json). The linters and the generated client (packages/client) read them.
const outDir = path.resolve(process.argv[2] ?? 'openapi');
const config = loadConfig({ ...process.env, NODE_ENV: 'test', DEV_TOOLS: 'false', LOG_LEVEL: 'silent', DATA_DIR: path.join(outDir, '.data') });
const database = await openPglite(undefined);
const container = await createContainer(config, pino({ level: 'silent' }), { database });
const app = await buildApp(container);
try {
  await app.ready();
  await mkdir(outDir, { recursive: true });
  for (const [name, url] of [['public', '/api/docs/json'], ['internal', '/api/docs/internal/json']] as const) {
    const res = await app.inject({ method: 'GET', url });
    if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}`);
    await writeFile(path.join(outDir, `${name}.json`), `${JSON.stringify(res.json(), null, 2)}\n`);
  }
} finally {
  await app.close();
  await container.close();
}
