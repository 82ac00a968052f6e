import { loadConfig } from '../config';
import { openDatabase } from './client';

// Migrations also run at every start; this applies them without starting the server.
const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
console.log(`Migraciones aplicadas (${database.driver}).`);
await database.close();
