import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { buildSeaIndexData } from './sea-index-build';
import { SEA_INDEX_FILE_NAME, writeSeaIndexFile } from './sea-index-file';
import { SEA_SOURCE_PATH, loadSeaRings, seaSourceKey } from './sea-polygons';

/**
 * Builds the sea index file. The server runs this in a child process (parsing the 36 MB
 * GeoJSON takes ~300 MB and seconds of CPU that the API process should not carry), and an
 * operator may run it ahead of time, e.g. while building an image:
 *
 *   node apps/server/dist/sea-index-build-cli.js [file] [source]      (after npm run build)
 *   node --import tsx apps/server/src/modules/geo/sea-index-build-cli.ts [file] [source]
 *
 * `file` defaults to `${DATA_DIR:-./data}/cache/` + SEA_INDEX_FILE_NAME, `source` to the
 * installed coastline package.
 */
function main(argv: string[]) {
  const file = argv[0] ?? path.join(process.env.DATA_DIR || './data', 'cache', SEA_INDEX_FILE_NAME);
  const started = performance.now();
  const source = argv[1] ?? SEA_SOURCE_PATH;
  const key = seaSourceKey(source);
  const data = buildSeaIndexData(loadSeaRings(source));
  mkdirSync(path.dirname(file), { recursive: true });
  writeSeaIndexFile(file, data, key);
  process.stdout.write(`${JSON.stringify({ file, ms: Math.round(performance.now() - started) })}\n`);
}

try {
  main(process.argv.slice(2));
} catch (err) {
  console.error(err);
  process.exit(1);
}
