import { ConfigError, loadConfig } from './config';
import { createContainer } from './container';
import { startWorkers } from './jobs/start-workers';
import { createLogger } from './logger';
import { exitOnSignals } from './shutdown';
import { bindBacklog } from './metrics/backlog';
import { startWorkerMetricsServer } from './metrics/worker-server';

// A worker process: no HTTP, only jobs. Start as many as the load needs (`npm run worker`);
// they share the queue in PostgreSQL.
async function main() {
  const config = loadConfig();
  if (!config.databaseUrl) {
    throw new ConfigError('npm run worker necesita DATABASE_URL: con la base de datos integrada el worker ya corre dentro de npm start.');
  }
  const log = createLogger(config);
  const container = await createContainer(config, log);
  await startWorkers(container);
  // Its own /metrics on METRICS_PORT (docs/operations.md "Metrics"); the API's covers the jobs it runs itself.
  const { port, token } = config.metrics;
  const metricsServer = port && token ? await startWorkerMetricsServer({ port, host: config.host, token, log }) : null;
  if (metricsServer) bindBacklog(container.database.db);
  log.info({ metricsPort: metricsServer ? port : null }, 'worker listo');
  // Scans in flight hand themselves to another worker; other jobs finish (docs/operations.md "Shutdown").
  exitOnSignals(log, async () => {
    metricsServer?.close();
    await container.close();
  });
}

main().catch((err: unknown) => {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
