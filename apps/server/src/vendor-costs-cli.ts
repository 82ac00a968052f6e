import { parseArgs } from 'node:util';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { formatVendorCosts, vendorCostsSince } from './modules/rankmaps/vendor-costs.repository';

// `npm run costs -- --since 2026-11-01`: what the rank-data vendors charged, by day, user and
// provider (docs/operations.md "Vendor costs"). Reads DATABASE_URL / DATA_DIR like the server.
const { values } = parseArgs({ options: { since: { type: 'string' } } });
const since = new Date(values.since ?? new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10));
if (!values.since?.match(/^\d{4}-\d{2}-\d{2}$/) && values.since !== undefined) {
  console.error('--since: una fecha AAAA-MM-DD, por ejemplo --since 2026-11-01');
  process.exit(2);
}
if (Number.isNaN(since.getTime())) {
  console.error('--since: fecha no válida');
  process.exit(2);
}
const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  console.log(formatVendorCosts(await vendorCostsSince(database.db, since)));
} finally {
  await database.close();
}
