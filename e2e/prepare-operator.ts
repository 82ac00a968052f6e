import { loadConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/client';
import { hashPassword } from '../apps/server/src/modules/auth/password';
import { grantOperator } from '../apps/server/src/modules/operator/operator.service';
import { usersRepository } from '../apps/server/src/modules/users/users.repository';
import { E2E_OPERATOR } from './operator-account';

// Run by playwright.config.ts before the e2e server starts (the embedded database has one
// process at a time): a confirmed account for the operator's journey, given the operator role
// by grantOperator, the code `npm run operator:add` runs. No HTTP route grants it.
const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  const passwordHash = await hashPassword(E2E_OPERATOR.password, config);
  await usersRepository.insertIfEmailFree(database.db, { name: E2E_OPERATOR.name, email: E2E_OPERATOR.email, passwordHash, mailConfirmed: true });
  const result = await grantOperator(database, E2E_OPERATOR.email);
  if (!result.ok) throw new Error(result.message);
} finally {
  await database.close();
}
