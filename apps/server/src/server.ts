import { ConfigError, loadConfig } from './config';
import { createContainer } from './container';
import { devFeaturesLine, envWithDevToolsFlag } from './dev-tools';
import { buildApp } from './app';
import { startWorkers } from './jobs/start-workers';
import { createLogger } from './logger';
import { exitOnSignals } from './shutdown';
import { DEMO_USER, seedDemoData } from './seed';

async function main() {
  const started = performance.now();
  // `npm start` (the embedded demo) passes --dev-tools; `npm run serve` does not.
  const config = loadConfig(envWithDevToolsFlag(process.env, process.argv.slice(2)));
  const log = createLogger(config);
  // Said at every start, so an operator sees at once whether a development feature is exposed.
  log.info({ devTools: config.devTools }, devFeaturesLine(config));
  const container = await createContainer(config, log);
  const app = await buildApp(container, { serveWeb: true });
  if (config.runWorker) await startWorkers(container);
  if (config.demoUser) await seedDemoData(container);

  exitOnSignals(log, async () => {
    // Fastify ends the chat streams (preClose), stops listening (new connections are refused),
    // answers 503 to new requests on open connections and waits for those in flight. Node closes
    // the keep-alive connections idle at that moment only: one whose request ends later would
    // hold the close until its keep-alive timeout (72 s), so they are closed as they go idle.
    const idle = setInterval(() => app.server.closeIdleConnections(), 100);
    try {
      await app.close();
    } finally {
      clearInterval(idle);
    }
    await container.close();
  });

  await app.listen({ port: config.port, host: config.host });
  // Load (or, on the first start, build) the sea index now rather than in the first matrix request.
  container.seaIndex.warmUp();
  const ms = Math.round(performance.now() - started);
  log.info({ ms, database: container.database.driver, worker: config.runWorker }, `RankMaps listo en ${config.appUrl}`);
  // Logs are JSON for machines; a person starting the app locally also gets a plain line.
  if (!config.isProduction) {
    const demo = config.demoUser ? ` · cuenta demo: ${DEMO_USER.email} / ${DEMO_USER.password}` : '';
    console.log(`\n  RankMaps listo en ${config.appUrl}${demo}\n`);
  }
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError) {
    console.error(err.message);
  } else {
    console.error(err);
  }
  process.exit(1);
});
