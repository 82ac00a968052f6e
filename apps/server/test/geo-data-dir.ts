import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * A data directory kept between test runs for the sea index cache, so the index is built
 * once (~10 s) and then only rebuilt when the coastline package or the build code
 * changes. Tests that touch the sea index point DATA_DIR (or the cache dir) here.
 */
export const GEO_TEST_DATA_DIR = path.join(tmpdir(), 'rankmaps-test-geo');
export const GEO_TEST_CACHE_DIR = path.join(GEO_TEST_DATA_DIR, 'cache');
