import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { grantOperator, revokeOperator } from './modules/operator/operator.service';

// `npm run operator:add -- email@ejemplo.es` and `npm run operator:remove -- email@ejemplo.es`:
// the only way to grant or take away the support operator role (docs/support.md). Reads
// DATABASE_URL / DATA_DIR like the server; the account must exist (sign up first).
const [action, email] = process.argv.slice(2);
if ((action !== 'add' && action !== 'remove') || !email || !email.includes('@')) {
  console.error('Uso: npm run operator:add -- email@ejemplo.es  |  npm run operator:remove -- email@ejemplo.es');
  process.exit(2);
}
const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  const result = action === 'add' ? await grantOperator(database, email) : await revokeOperator(database, email);
  (result.ok ? console.log : console.error)(result.message);
  process.exitCode = result.ok ? 0 : 1;
} finally {
  await database.close();
}
