import { z } from 'zod';

// zod probes for `new Function` to compile faster validators. Our CSP forbids eval, so the
// probe shows up as a CSP violation on every page that validates; jitless skips the probe
// (and the compiled path) for the few small forms the SPA validates. Imported first in
// main.tsx, before any schema exists.
z.config({ jitless: true });
