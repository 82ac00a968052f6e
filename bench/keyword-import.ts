import type { AddressInfo } from 'node:net';
import { loadavg } from 'node:os';
import type { KeywordImportPreview, KeywordImportResult } from '@rankmaps/shared/schemas/bulk-keywords';
import { round, runWhenAlone } from './lib';
import { MADRID, openScanEnv, subscribedUser } from './scan-env';

const PLACES = 10;
const KEYWORDS = 1000;
const RUNS = 5;
const DEMO_PLACES = [
  'demo-madrid-dentista-1',
  'demo-madrid-dentista-3',
  'demo-madrid-dentista-4',
  'demo-madrid-peluqueria-1',
  'demo-madrid-peluqueria-3',
  'demo-madrid-abogado-1',
  'demo-madrid-restaurante-4',
  'demo-madrid-veterinario-1',
  'demo-madrid-fisioterapeuta-2',
  'demo-madrid-dentista-2',
];

/**
 * Bulk keyword import (issue 18: 1,000 keywords ≤ 2 s): an Agency user with 10 places uploads a
 * CSV of 1,000 new keywords (100 per place, places named by name) as multipart/form-data over
 * real HTTP on loopback; first the preview, then the import, each timed to its answer. Five
 * runs, each with new keywords, so each import inserts 1,000 rows into a growing table.
 */
export async function benchKeywordImport(opts: { databaseUrl?: string } = {}) {
  const env = await openScanEnv({ databaseUrl: opts.databaseUrl });
  try {
    const { app } = env;
    const { headers } = await subscribedUser(env, 'pro_agency');
    const names: string[] = [];
    for (const googlePlaceId of DEMO_PLACES.slice(0, PLACES)) {
      const res = await app.inject({ method: 'POST', url: '/api/place', headers, payload: { googlePlaceId, matrixConfig: { gridSize: 5, radius: 1500, coordinates: MADRID } } });
      if (res.statusCode !== 201) throw new Error(`place: ${res.statusCode} ${res.body}`);
      const place = await app.inject({ method: 'GET', url: `/api/place/${res.json<{ _id: string }>()._id}`, headers });
      names.push(place.json<{ name: string }>().name);
    }
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/keywords/import`;
    const send = async (url: string, csv: string) => {
      const form = new FormData();
      form.append('file', new Blob([csv], { type: 'text/csv' }), 'keywords.csv');
      const t0 = performance.now();
      const res = await fetch(url, { method: 'POST', headers, body: form });
      const body = await res.text();
      return { status: res.status, body, ms: performance.now() - t0 };
    };

    const previews: number[] = [];
    const imports: number[] = [];
    let bytes = 0;
    for (let run = 0; run < RUNS; run++) {
      const rows = Array.from({ length: KEYWORDS }, (_, i) => `${names[i % PLACES]};clínica dental ${run}-${i} Madrid`);
      const csv = `\uFEFFnegocio;keyword\r\n${rows.join('\r\n')}\r\n`;
      bytes = Buffer.byteLength(csv);
      const preview = await send(`${base}/preview`, csv);
      if (preview.status !== 200) throw new Error(`preview: ${preview.status} ${preview.body.slice(0, 300)}`);
      const checked = JSON.parse(preview.body) as KeywordImportPreview;
      if (checked.totals.ok !== KEYWORDS) throw new Error(`the preview did not find 1,000 rows to add: ${JSON.stringify(checked.totals)} ${JSON.stringify(checked.rows.find((r) => r.status !== 'ok'))}`);
      const done = await send(base, csv);
      if (done.status !== 201) throw new Error(`import: ${done.status} ${done.body.slice(0, 300)}`);
      if ((JSON.parse(done.body) as KeywordImportResult).imported !== KEYWORDS) throw new Error('the import did not add 1,000 keywords');
      previews.push(preview.ms);
      imports.push(done.ms);
    }
    const stats = (xs: number[]) => {
      const s = [...xs].sort((a, b) => a - b);
      return { runs: s.length, medianMs: round(s[Math.floor(s.length / 2)]!), maxMs: round(s[s.length - 1]!) };
    };
    return {
      name: `POST /api/keywords/import(/preview), a CSV of ${KEYWORDS} keywords over ${PLACES} places, multipart over real HTTP on loopback (${env.database})`,
      loadAverage: loadavg().map((l) => round(l, 2)),
      fileKB: round(bytes / 1000, 1),
      keywordsAtEnd: KEYWORDS * RUNS,
      preview: stats(previews),
      import: stats(imports),
      goal: 'import of 1,000 keywords ≤ 2 s',
    };
  } finally {
    await env.close();
  }
}

await runWhenAlone(import.meta.url, benchKeywordImport);
