import path from 'node:path';
import { fileURLToPath } from 'node:url';

// This module runs either as apps/server/src/paths.ts (the sources, through tsx or vitest) or
// inside a chunk of the bundle, apps/server/dist/*.js (`npm run build`): one folder below
// apps/server either way. Files the code reads at run time (migrations, the web build, the
// favicon, the sea index's build code) are found from here, so both layouts work
// (docs/decisions.md §29.10).
const here = fileURLToPath(import.meta.url);

/** apps/server, absolute. */
export const serverDir = path.resolve(path.dirname(here), '..');

/** True in the compiled bundle (plain JavaScript, no TypeScript loader), false on the sources. */
export const compiled = !here.endsWith('.ts');
